import type { BlockType } from '@emblem/core';
import { type KeyboardEvent, useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Alert } from '../../../ui/Feedback';
import { BlockIcon } from '../blocks/BlockIcon';
import { BlockView, isBlockType } from '../blocks/registry';
import { type BlockResponse, deleteBlock, moveBlock, type PageResponse, type SectionResponse } from '../documents/api';
import type { BlockRef } from './autosave';
import { BlockSettingsDrawer } from './BlockSettingsDrawer';
import { useAutosaveState, useEditor } from './EditorContext';
import { blockHandle, focusWhenReady } from './focus';
import { useEditorWrite } from './mutations';
import { columnsOf } from './sections';

interface Target {
  section: SectionResponse;
  column: number;
  position: number;
}

/** Where a block goes when moved one step up, down, left or right (across sections at the ends of a column). */
function targetOf(
  page: PageResponse,
  section: SectionResponse,
  column: number,
  position: number,
  direction: 'up' | 'down' | 'left' | 'right',
): Target | null {
  const columns = columnsOf(section);
  const size = columns[column]?.length ?? 0;
  const index = page.sections.findIndex((s) => s.id === section.id);
  if (direction === 'up') {
    if (position > 0) return { section, column, position: position - 1 };
    const previous = page.sections[index - 1];
    if (!previous) return null;
    const to = Math.min(column, previous.column_proportions.length - 1);
    return { section: previous, column: to, position: columnsOf(previous)[to]?.length ?? 0 };
  }
  if (direction === 'down') {
    if (position < size - 1) return { section, column, position: position + 1 };
    const next = page.sections[index + 1];
    if (!next) return null;
    return { section: next, column: Math.min(column, next.column_proportions.length - 1), position: 0 };
  }
  const to = column + (direction === 'left' ? -1 : 1);
  if (to < 0 || to >= columns.length) return null;
  return { section, column: to, position: Math.min(position, columns[to]?.length ?? 0) };
}

const ARROWS: Record<string, 'up' | 'down' | 'left' | 'right'> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/**
 * A block on the page: rendered as the reader shows it and edited in place where that is natural; its toolbar
 * opens the settings drawer and moves it (buttons, or Alt+Arrow keys on the toolbar's first button) up and down,
 * across sections and between columns, or deletes it (Undo restores it).
 */
export function BlockFrame({
  page,
  section,
  block,
  column,
  position,
  onAnnounce,
}: {
  page: PageResponse;
  section: SectionResponse;
  block: BlockResponse;
  column: number;
  position: number;
  columnSize: number;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { autosave, canEdit, brandId } = useEditor();
  const state = useAutosaveState();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const pages = { pages: () => [page.id], skipTree: true };
  const move = useEditorWrite(
    (target: Target) => moveBlock(block.id, { section_id: target.section.id, column: target.column, position: target.position }),
    pages,
  );
  const remove = useEditorWrite(() => deleteBlock(block.id), { ...pages, trash: true });

  if (!isBlockType(block.type))
    return <p className="block-note block-note--warning">{t('guidelines.blocks.unknown', { type: block.type })}</p>;
  const type: BlockType = block.type;
  const typeLabel = t(`guidelines.blocks.types.${type}`);
  const settings = state.drafts.get(block.id) ?? block.settings;
  const invalid = state.invalid.get(block.id);
  const ref: BlockRef = { id: block.id, pageId: page.id, type, version: block.version, settings: block.settings };
  const edit = (patch: Record<string, unknown>) => autosave.edit(ref, patch, { undoLabel: t('guidelines.undo.edit', { type: typeLabel }) });

  const go = (direction: 'up' | 'down' | 'left' | 'right') => {
    const target = targetOf(page, section, column, position, direction);
    if (!target) return;
    move.mutate(target, {
      onSuccess: () => {
        onAnnounce(
          t('guidelines.blocks.moved', {
            type: typeLabel,
            column: target.column + 1,
            position: target.position + 1,
            section: page.sections.indexOf(target.section) + 1,
          }),
        );
        focusWhenReady(blockHandle(block.id));
      },
    });
  };
  const can = (direction: 'up' | 'down' | 'left' | 'right') => targetOf(page, section, column, position, direction) !== null;

  const onHandleKey = (event: KeyboardEvent) => {
    const direction = event.altKey ? ARROWS[event.key] : undefined;
    if (!direction) return;
    event.preventDefault();
    go(direction);
  };

  const destroy = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        autosave.pushRestore('block', block.id, page.id, t('guidelines.undo.deleteBlock', { type: typeLabel }));
        onAnnounce(t('guidelines.blocks.deleted', { type: typeLabel }));
        focusWhenReady(`#${section.anchor} [data-section-handle]`);
      },
    });

  const multiColumn = section.column_proportions.length > 1;
  return (
    <div id={block.anchor} className={invalid ? 'block-frame block-frame--invalid' : 'block-frame'} data-type={type}>
      {canEdit ? (
        <div className="block-frame__toolbar" role="toolbar" aria-label={t('guidelines.blocks.toolbar', { type: typeLabel })}>
          <Button
            size="sm"
            variant="ghost"
            className="block-frame__handle"
            data-block-handle=""
            aria-label={t('guidelines.blocks.settingsLabel', { type: typeLabel })}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight"
            onKeyDown={onHandleKey}
            onPress={() => setSettingsOpen(true)}
          >
            <BlockIcon type={type} size={16} />
            <span>{typeLabel}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            isDisabled={!can('up') || move.busy}
            aria-label={t('guidelines.blocks.moveUp', { type: typeLabel })}
            onPress={() => go('up')}
          >
            <span aria-hidden="true">↑</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            isDisabled={!can('down') || move.busy}
            aria-label={t('guidelines.blocks.moveDown', { type: typeLabel })}
            onPress={() => go('down')}
          >
            <span aria-hidden="true">↓</span>
          </Button>
          {multiColumn ? (
            <>
              <Button
                size="sm"
                variant="ghost"
                isDisabled={!can('left') || move.busy}
                aria-label={t('guidelines.blocks.moveLeft', { type: typeLabel })}
                onPress={() => go('left')}
              >
                <span aria-hidden="true">←</span>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                isDisabled={!can('right') || move.busy}
                aria-label={t('guidelines.blocks.moveRight', { type: typeLabel })}
                onPress={() => go('right')}
              >
                <span aria-hidden="true">→</span>
              </Button>
            </>
          ) : null}
          <MenuTrigger>
            <Button size="sm" variant="ghost" aria-label={t('guidelines.blocks.more', { type: typeLabel })}>
              <span aria-hidden="true">⋯</span>
            </Button>
            <Popover className="menu-popover" placement="bottom end">
              <Menu
                className="menu"
                onAction={(key) => {
                  if (key === 'settings') setSettingsOpen(true);
                  if (key === 'delete') destroy();
                }}
              >
                <MenuItem id="settings" className="menu__item">
                  {t('guidelines.blocks.openSettings')}
                </MenuItem>
                <Separator className="menu__separator" />
                <MenuItem id="delete" className="menu__item menu__item--danger">
                  {t('guidelines.blocks.delete')}
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        </div>
      ) : null}
      <div className="block-frame__body">
        <BlockView type={type} settings={settings} brandId={brandId} onChange={canEdit ? edit : undefined} />
      </div>
      {invalid ? (
        <div className="block-frame__invalid">
          <p>{t('guidelines.blocks.invalid')}</p>
          <Button size="sm" onPress={() => setSettingsOpen(true)}>
            {t('guidelines.blocks.openSettings')}
          </Button>
        </div>
      ) : null}
      {(move.failure ?? remove.failure) ? <Alert>{move.failure ?? remove.failure}</Alert> : null}
      {settingsOpen ? <BlockSettingsDrawer blockRef={ref} typeLabel={typeLabel} onClose={() => setSettingsOpen(false)} /> : null}
    </div>
  );
}
