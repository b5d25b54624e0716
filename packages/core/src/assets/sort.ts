/**
 * The orders of a folder's assets (POST /api/asset/list `sort` and `order`). Each key has the direction people
 * expect first: manual order, titles and types A–Z; newest, largest and most recently modified first. `order`
 * turns any of them round ("oldest first" is `created` ascending).
 */
export const ASSET_SORTS = ['position', 'title', 'created', 'type', 'size', 'dimensions', 'modified'] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const DEFAULT_SORT_ORDER: Readonly<Record<AssetSort, SortOrder>> = {
  position: 'asc',
  title: 'asc',
  created: 'desc',
  type: 'asc',
  size: 'desc',
  dimensions: 'desc',
  modified: 'desc',
};

export function isAssetSort(value: unknown): value is AssetSort {
  return typeof value === 'string' && (ASSET_SORTS as readonly string[]).includes(value);
}

export function isSortOrder(value: unknown): value is SortOrder {
  return value === 'asc' || value === 'desc';
}
