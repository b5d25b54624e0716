import { type AssetSort, DEFAULT_SORT_ORDER } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from './AssetCells';
import type { FolderSort } from './sort';

/** The sort behind each column of the list view. */
export const COLUMN_SORT: Readonly<Record<ListColumn, AssetSort>> = {
  name: 'title',
  type: 'type',
  size: 'size',
  dimensions: 'dimensions',
  modified: 'modified',
};

/**
 * The list view's header row: a column header per column, each a button that sorts by it (the sort's own direction
 * first: names and types A–Z, sizes and dates largest or newest first) and turns the order round when pressed
 * again. The sorted column says how with aria-sort.
 */
export function ListHeader({
  columns,
  template,
  sort,
  onSort,
}: {
  columns: readonly ListColumn[];
  template: string;
  sort?: FolderSort;
  onSort?: (sort: FolderSort) => void;
}) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the header row of the virtualised grid (see AssetGrid).
    // biome-ignore lint/a11y/useFocusableInteractive: its buttons take focus.
    <div role="row" aria-rowindex={1} className="list-header" style={{ gridTemplateColumns: template }}>
      {columns.map((column) => {
        const key = COLUMN_SORT[column];
        const current = sort?.sort === key ? sort.order : null;
        const name = t(`library.columns.${column}`);
        return (
          // biome-ignore lint/a11y/useSemanticElements: a column header of the virtualised grid.
          // biome-ignore lint/a11y/useFocusableInteractive: its button takes focus.
          <div
            key={column}
            role="columnheader"
            aria-sort={current === 'asc' ? 'ascending' : current === 'desc' ? 'descending' : undefined}
            className={`list-header__cell list-header__cell--${column}`}
          >
            {onSort ? (
              <button
                type="button"
                className="list-header__button"
                onClick={() => {
                  const order = current ? (current === 'asc' ? 'desc' : 'asc') : DEFAULT_SORT_ORDER[key];
                  onSort({ sort: key, order });
                }}
              >
                {name}
                <span className="list-header__arrow" aria-hidden="true">
                  {current === 'asc' ? '▲' : current === 'desc' ? '▼' : ''}
                </span>
              </button>
            ) : (
              name
            )}
          </div>
        );
      })}
    </div>
  );
}
