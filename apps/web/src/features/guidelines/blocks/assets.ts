import type { AssetPage, AssetResponse } from '@emblem/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Preview width of the assets blocks show (tiles and images). */
export const BLOCK_PREVIEW_WIDTH = 800;

/**
 * POST /api/asset/list {ids}: the assets a block names, in its order, with preview URLs; assets the editor may
 * not see (or that were deleted) are left out, so the block shows a gap note instead.
 */
export function blockAssetsQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: ['guideline-block-assets', ids.join(',')] as const,
    queryFn: async ({ signal }) =>
      (
        await api<AssetPage>('/api/asset/list', {
          method: 'POST',
          signal,
          body: { ids, include_preview_url: true, preview_width: BLOCK_PREVIEW_WIDTH, limit: 200 },
        })
      ).items,
    // Preview URLs are signed and short-lived.
    staleTime: 60_000,
    meta: { background: true },
  });
}

/** The assets of a block (none while loading or when it names none). */
export function useBlockAssets(ids: readonly number[]): { assets: AssetResponse[]; loading: boolean } {
  const query = useQuery({ ...blockAssetsQuery(ids), enabled: ids.length > 0 });
  return { assets: ids.length > 0 ? (query.data ?? []) : [], loading: ids.length > 0 && query.isPending };
}
