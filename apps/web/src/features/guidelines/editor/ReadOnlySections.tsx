import { useTranslation } from 'react-i18next';
import { BlockView, isBlockType } from '../blocks/registry';
import type { PageRevisionContent } from '../documents/api';
import { useEditor } from './EditorContext';
import { columnStyle, columnsOf } from './sections';

/** Sections and their blocks as the reader shows them, without any editing (a saved version's preview). */
export function ReadOnlySections({ sections }: { sections: PageRevisionContent['sections'] }) {
  const { t } = useTranslation();
  const { brandId } = useEditor();
  if (sections.length === 0) return <p className="block-empty">{t('guidelines.history.emptyVersion')}</p>;
  return (
    <div className="read-only-sections">
      {sections.map((section) => (
        <div key={section.id} className="section-editor__columns" style={columnStyle(section.column_proportions)}>
          {columnsOf(section).map((blocks, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
            <div key={column} className="section-editor__column">
              {blocks.map((block) =>
                isBlockType(block.type) ? <BlockView key={block.id} type={block.type} settings={block.settings} brandId={brandId} /> : null,
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
