import { type AssetSort, DEFAULT_SORT_ORDER, isAssetSort, isSortOrder, type SortOrder } from '@emblem/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The order of a folder's contents, kept in the address (`?sort=size&order=asc`) so that a reload, a shared link
 * and the way back keep it. Without `order` a sort goes its own way (DEFAULT_SORT_ORDER); an unknown value is the
 * default (manual order).
 */
export interface FolderSort {
  sort: AssetSort;
  order: SortOrder;
}

export const DEFAULT_FOLDER_SORT: FolderSort = { sort: 'position', order: 'asc' };

export function parseFolderSort(search: URLSearchParams): FolderSort {
  const sort = search.get('sort');
  if (!isAssetSort(sort)) return DEFAULT_FOLDER_SORT;
  const order = search.get('order');
  return { sort, order: isSortOrder(order) ? order : DEFAULT_SORT_ORDER[sort] };
}

/** The address query of a sort: empty for the default, no `order` when it is the sort's own. */
export function folderSortSearch({ sort, order }: FolderSort): string {
  if (sort === DEFAULT_FOLDER_SORT.sort && order === DEFAULT_FOLDER_SORT.order) return '';
  return order === DEFAULT_SORT_ORDER[sort] ? `?sort=${sort}` : `?sort=${sort}&order=${order}`;
}

export function sameSort(a: FolderSort, b: FolderSort): boolean {
  return a.sort === b.sort && a.order === b.order;
}

export const sortKey = ({ sort, order }: FolderSort) => `${sort}:${order}`;

export function parseSortKey(key: string): FolderSort | null {
  const [sort, order] = key.split(':');
  return isAssetSort(sort) && isSortOrder(order) ? { sort, order } : null;
}

/** The folder's sort from the address, and a setter that replaces the history entry (a view change, not a page). */
export function useFolderSort(): [FolderSort, (next: FolderSort) => void] {
  const [search, setSearch] = useSearchParams();
  const sort = useMemo(() => parseFolderSort(search), [search]);
  const setSort = useCallback(
    (next: FolderSort) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          params.delete('sort');
          params.delete('order');
          for (const [key, value] of new URLSearchParams(folderSortSearch(next))) params.set(key, value);
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [sort, setSort];
}

/** The address query that keeps the current sort when moving to another folder of the library. */
export function useSortSearch(): string {
  const [sort] = useFolderSort();
  return folderSortSearch(sort);
}
