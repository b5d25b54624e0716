import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/format';
import { Button } from '../../ui/Button';
import type { MetadataProperty } from './api';
import { useFieldName, useValueLabel } from './FilterBuilder';
import { fieldChoice } from './fields';
import type { UrlFilter } from './url';

/** How a filter reads in words: "Type is one of Image, Video", "Size is more than 2 MB", "Tags is empty". */
export function useFilterText(properties: readonly MetadataProperty[]) {
  const { t } = useTranslation();
  const fieldName = useFieldName();
  const valueLabel = useValueLabel();
  return (filter: UrlFilter) => {
    const choice = fieldChoice(filter.field, properties);
    const name = fieldName(choice ?? { field: filter.field });
    const shown =
      choice?.value === 'color'
        ? [filter.values[0] ?? '', ...(filter.values[1] ? [t('search.chips.distance', { distance: filter.values[1] })] : [])].join(' ')
        : filter.values
            .map((v) => (filter.field === 'size' && Number.isFinite(Number(v)) ? formatSize(Number(v)) : valueLabel(choice, v)))
            .join(', ');
    const operator = t(`search.operators.${filter.operator}`).toLowerCase();
    return shown ? `${name} ${operator} ${shown}` : `${name} ${operator}`;
  };
}

/** The active filters as chips, each with a button that removes it, and "Clear filters". */
export function FilterChips({
  filters,
  properties,
  onRemove,
  onClear,
}: {
  filters: readonly UrlFilter[];
  properties: readonly MetadataProperty[];
  onRemove: (index: number) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const text = useFilterText(properties);
  if (filters.length === 0) return null;
  return (
    <div className="search-chips">
      <ul className="search-chips__list" aria-label={t('search.chips.label')}>
        {filters.map((filter, index) => {
          const words = text(filter);
          const color = filter.field === 'color' ? filter.values[0] : undefined;
          return (
            <li key={`${filter.field}:${filter.operator}:${filter.values.join(',')}`} className="search-chip">
              {color ? <span className="search-chip__swatch" style={{ background: color }} aria-hidden="true" /> : null}
              <span className="search-chip__text">{words}</span>
              <Button
                variant="ghost"
                size="sm"
                className="search-chip__remove"
                aria-label={t('search.chips.remove', { filter: words })}
                onPress={() => onRemove(index)}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" size="sm" onPress={onClear}>
        {t('search.clearFilters')}
      </Button>
    </div>
  );
}
