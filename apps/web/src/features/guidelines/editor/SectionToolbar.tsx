import { createHeadingBodySchema, updateSectionBodySchema } from '@emblem/core';
import { useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Alert } from '../../../ui/Feedback';
import {
  type CreatedItem,
  createHeading,
  createSection,
  deleteSection,
  moveSection,
  type PageResponse,
  type SectionResponse,
  updateSection,
} from '../documents/api';
import { PortalTitleDialog } from '../PortalTitleDialog';
import { useEditor } from './EditorContext';
import { focusWhenReady, sectionHandle } from './focus';
import { LayoutPicture, layoutKey, SECTION_LAYOUTS, useLayoutName } from './layouts';
import { useEditorWrite } from './mutations';
import { DeleteWithReferencesDialog } from './PageDialogs';
import { arrowMove } from './sections';

/** A new id for a tab group. */
function newGroupId(): string {
  return `tabs-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * A section's tools: its actions menu (the handle, Alt+Arrow Up/Down moves the section), the layout, and the
 * dialogs for a navigation heading, a tab title and the deletion.
 */
export function SectionToolbar({
  page,
  section,
  index,
  label,
  onAnnounce,
}: {
  page: PageResponse;
  section: SectionResponse;
  index: number;
  label: string;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { autosave } = useEditor();
  const layoutName = useLayoutName();
  const [dialog, setDialog] = useState<'heading' | 'tab' | 'delete' | null>(null);
  const pages = { pages: () => [page.id], skipTree: true };
  const update = useEditorWrite((body: Parameters<typeof updateSection>[1]) => updateSection(section.id, body), pages);
  const move = useEditorWrite((position: number) => moveSection(section.id, { page_id: page.id, position }), pages);
  const addTab = useEditorWrite((body: Parameters<typeof createSection>[1]) => createSection(page.id, body), pages);
  const addHeading = useEditorWrite((body: { title: string; section_id: number }) => createHeading(page.id, body));
  const count = page.sections.length;
  const usedColumns = Math.max(0, ...section.blocks.map((b) => b.column + 1));

  const moveBy = (delta: -1 | 1) => {
    const to = index + delta;
    if (to < 0 || to >= count) return;
    move.mutate(to, {
      onSuccess: () => {
        onAnnounce(t('guidelines.sections.moved', { label, position: to + 1, count }));
        focusWhenReady(sectionHandle(section.id));
      },
    });
  };

  const makeTabs = () => {
    const groupId = newGroupId();
    update.mutate(
      { version: section.version, group_id: groupId, tab_title: t('guidelines.tabs.defaultTitle', { number: 1 }) },
      {
        onSuccess: () =>
          addTab.mutate({
            column_proportions: [1],
            group_id: groupId,
            tab_title: t('guidelines.tabs.defaultTitle', { number: 2 }),
            position: index + 1,
          }),
      },
    );
  };

  const failure = update.failure ?? move.failure ?? addTab.failure ?? addHeading.failure;
  return (
    <div className="section-toolbar">
      <MenuTrigger>
        <Button
          size="sm"
          variant="ghost"
          className="section-toolbar__handle"
          data-section-handle=""
          aria-label={t('guidelines.sections.actions', { label })}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          onKeyDown={(event) => {
            const delta = arrowMove(event);
            if (delta === null) return;
            event.preventDefault();
            moveBy(delta);
          }}
        >
          <span aria-hidden="true">⠿ </span>
          {label}
        </Button>
        <Popover className="menu-popover" placement="bottom start">
          <Menu
            className="menu"
            disabledKeys={[...(index === 0 ? ['up'] : []), ...(index === count - 1 ? ['down'] : [])]}
            onAction={(key) => {
              if (key === 'up') moveBy(-1);
              if (key === 'down') moveBy(1);
              if (key === 'heading') setDialog('heading');
              if (key === 'tabs') makeTabs();
              if (key === 'tab') setDialog('tab');
              if (key === 'untab') update.mutate({ version: section.version, group_id: null, tab_title: null });
              if (key === 'delete') setDialog('delete');
            }}
          >
            <MenuItem id="up" className="menu__item">
              {t('guidelines.sections.moveUp')}
            </MenuItem>
            <MenuItem id="down" className="menu__item">
              {t('guidelines.sections.moveDown')}
            </MenuItem>
            <MenuItem id="heading" className="menu__item">
              {t('guidelines.sections.addHeading')}
            </MenuItem>
            {section.group_id ? (
              <>
                <MenuItem id="tab" className="menu__item">
                  {t('guidelines.tabs.rename')}
                </MenuItem>
                <MenuItem id="untab" className="menu__item">
                  {t('guidelines.tabs.leave')}
                </MenuItem>
              </>
            ) : (
              <MenuItem id="tabs" className="menu__item">
                {t('guidelines.tabs.make')}
              </MenuItem>
            )}
            <Separator className="menu__separator" />
            <MenuItem id="delete" className="menu__item menu__item--danger">
              {t('guidelines.sections.delete')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <MenuTrigger>
        <Button
          size="sm"
          variant="ghost"
          isPending={update.busy}
          aria-label={t('guidelines.sections.layoutLabel', { label, layout: layoutName(section.column_proportions) })}
        >
          <LayoutPicture proportions={section.column_proportions} />
          <span className="section-toolbar__layout">{layoutName(section.column_proportions)}</span>
        </Button>
        <Popover className="menu-popover" placement="bottom start">
          <Menu
            className="menu"
            aria-label={t('guidelines.sections.chooseLayout')}
            selectionMode="single"
            selectedKeys={[layoutKey(section.column_proportions)]}
            disabledKeys={SECTION_LAYOUTS.filter((l) => l.length < usedColumns).map(layoutKey)}
            onAction={(key) => {
              const layout = SECTION_LAYOUTS.find((l) => layoutKey(l) === key);
              if (layout && key !== layoutKey(section.column_proportions))
                update.mutate({ version: section.version, column_proportions: [...layout] });
            }}
          >
            {SECTION_LAYOUTS.map((layout) => (
              <MenuItem key={layoutKey(layout)} id={layoutKey(layout)} className="menu__item layout-option" textValue={layoutName(layout)}>
                <LayoutPicture proportions={layout} />
                <span>{layoutName(layout)}</span>
                {layout.length < usedColumns ? <span className="menu__detail">{t('guidelines.sections.layoutBlocked')}</span> : null}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      {failure ? <Alert>{failure}</Alert> : null}
      {dialog === 'heading' ? (
        <PortalTitleDialog<{ title: string; section_id?: number | null }, CreatedItem>
          isOpen
          onOpenChange={(open) => setDialog(open ? 'heading' : null)}
          texts={{
            title: t('guidelines.headings.addTitle'),
            hint: t('guidelines.headings.addHint'),
            submit: t('guidelines.headings.addSubmit'),
            submitting: t('guidelines.headings.adding'),
            failed: t('guidelines.editor.writeFailed'),
          }}
          initialTitle={section.tab_title ?? ''}
          body={(title) => ({ title, section_id: section.id })}
          schema={createHeadingBodySchema}
          send={(data) => addHeading.mutateAsync({ title: data.title, section_id: section.id })}
          onDone={() => onAnnounce(t('guidelines.headings.added'))}
        />
      ) : null}
      {dialog === 'tab' ? (
        <PortalTitleDialog<{ version: number; tab_title?: string | null }, SectionResponse>
          isOpen
          onOpenChange={(open) => setDialog(open ? 'tab' : null)}
          texts={{
            title: t('guidelines.tabs.renameTitle'),
            hint: t('guidelines.tabs.renameHint'),
            submit: t('guidelines.renameSubmit'),
            submitting: t('guidelines.renameSubmitting'),
            failed: t('guidelines.editor.writeFailed'),
          }}
          initialTitle={section.tab_title ?? ''}
          body={(title) => ({ version: section.version, tab_title: title })}
          schema={updateSectionBodySchema}
          send={(data) => update.mutateAsync(data)}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteWithReferencesDialog
          kind="section"
          title={label}
          send={(force) => deleteSection(section.id, force)}
          pages={[page.id]}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            autosave.pushRestore('section', section.id, page.id, t('guidelines.undo.deleteSection', { label }));
            onAnnounce(t('guidelines.sections.deleted', { label }));
          }}
        />
      ) : null}
    </div>
  );
}
