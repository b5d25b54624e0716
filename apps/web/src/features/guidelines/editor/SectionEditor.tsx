import { useTranslation } from 'react-i18next';
import type { PageResponse, SectionResponse } from '../documents/api';
import { AddBlockMenu } from './AddBlockMenu';
import { BlockFrame } from './BlockFrame';
import { useEditor } from './EditorContext';
import { SectionToolbar } from './SectionToolbar';
import { columnStyle, columnsOf } from './sections';

/**
 * One section: its toolbar (layout, moving, tabs, navigation, delete) and its columns side by side (stacked on
 * phones), each with its blocks and an "Add block" menu.
 */
export function SectionEditor({
  page,
  section,
  index,
  onAnnounce,
  inTabs,
}: {
  page: PageResponse;
  section: SectionResponse;
  index: number;
  onAnnounce: (text: string) => void;
  inTabs?: boolean;
}) {
  const { t } = useTranslation();
  const { canEdit } = useEditor();
  const columns = columnsOf(section);
  const label = section.tab_title ?? t('guidelines.sections.label', { number: index + 1 });
  return (
    <section id={section.anchor} className={inTabs ? 'section-editor section-editor--tab' : 'section-editor'} aria-label={label}>
      {canEdit ? <SectionToolbar page={page} section={section} index={index} label={label} onAnnounce={onAnnounce} /> : null}
      <div className="section-editor__columns" style={columnStyle(section.column_proportions)}>
        {columns.map((blocks, column) => (
          // biome-ignore lint/a11y/useSemanticElements: a column of blocks is a named group, not a set of form fields.
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the layout.
            key={column}
            className="section-editor__column"
            role="group"
            aria-label={t('guidelines.sections.column', { number: column + 1, count: columns.length })}
          >
            {blocks.map((block, position) => (
              <BlockFrame
                key={block.id}
                page={page}
                section={section}
                block={block}
                column={column}
                position={position}
                columnSize={blocks.length}
                onAnnounce={onAnnounce}
              />
            ))}
            {blocks.length === 0 && canEdit ? <p className="section-editor__empty">{t('guidelines.sections.emptyColumn')}</p> : null}
            {canEdit ? <AddBlockMenu page={page} section={section} column={column} position={blocks.length} /> : null}
          </div>
        ))}
      </div>
    </section>
  );
}
