import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Alert } from '../../../ui/Feedback';
import { createSection, deleteTabGroup, type PageResponse, type SectionResponse } from '../documents/api';
import { useEditor } from './EditorContext';
import { focusWhenReady, sectionHandle } from './focus';
import { useEditorWrite } from './mutations';
import { SectionEditor } from './SectionEditor';

/**
 * Sections sharing a group id, shown as tabs as the reader shows them. Editors add a tab (a new section in the
 * group) and ungroup them (DELETE …/tab-group/{groupId}: the sections stay, one under the other).
 */
export function TabGroup({
  page,
  sections,
  onAnnounce,
}: {
  page: PageResponse;
  sections: SectionResponse[];
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { canEdit } = useEditor();
  const first = sections[0];
  const last = sections[sections.length - 1];
  const [selected, setSelected] = useState<string>(first ? String(first.id) : '');
  const groupId = first?.group_id ?? '';
  const pages = { pages: () => [page.id], skipTree: true };
  const addTab = useEditorWrite(
    () =>
      createSection(page.id, {
        column_proportions: [1],
        group_id: groupId,
        tab_title: t('guidelines.tabs.defaultTitle', { number: sections.length + 1 }),
        position: last ? page.sections.indexOf(last) + 1 : page.sections.length,
      }),
    pages,
  );
  const remove = useEditorWrite(() => deleteTabGroup(page.id, groupId), pages);
  if (!first) return null;
  const current = sections.some((s) => String(s.id) === selected) ? selected : String(first.id);

  return (
    <div className="tab-group">
      <Tabs selectedKey={current} onSelectionChange={(key) => setSelected(String(key))}>
        <div className="tab-group__bar">
          <TabList className="tabs__list tab-group__tabs" aria-label={t('guidelines.tabs.label')}>
            {sections.map((section, index) => (
              <Tab key={section.id} id={String(section.id)} className="tabs__tab">
                {section.tab_title ?? t('guidelines.tabs.defaultTitle', { number: index + 1 })}
              </Tab>
            ))}
          </TabList>
          {canEdit ? (
            <div className="tab-group__actions">
              <Button
                size="sm"
                variant="ghost"
                isPending={addTab.busy}
                onPress={() =>
                  addTab.mutate(undefined, {
                    onSuccess: (created) => {
                      setSelected(String(created.id));
                      focusWhenReady(sectionHandle(created.id));
                    },
                  })
                }
              >
                {t('guidelines.tabs.add')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                isPending={remove.busy}
                onPress={() => remove.mutate(undefined, { onSuccess: () => onAnnounce(t('guidelines.tabs.deleted')) })}
              >
                {t('guidelines.tabs.deleteGroup')}
              </Button>
            </div>
          ) : null}
        </div>
        {sections.map((section) => (
          <TabPanel key={section.id} id={String(section.id)} className="tab-group__panel">
            <SectionEditor page={page} section={section} index={page.sections.indexOf(section)} onAnnounce={onAnnounce} inTabs />
          </TabPanel>
        ))}
      </Tabs>
      {addTab.failure ? <Alert>{addTab.failure}</Alert> : null}
      {remove.failure ? <Alert>{remove.failure}</Alert> : null}
    </div>
  );
}
