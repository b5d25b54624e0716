import type {
  AssetPage,
  AssetResponse,
  AssetsTrashed,
  BulkDownload,
  FolderTrashed,
  LibraryTrashItem,
  TransferResult,
  TrashEmptied,
  TrashRestored,
} from '@emblem/core';
import { type AssetExpiryFilter, type AssetSort, type AssetSubmittedFilter, DEFAULT_SORT_ORDER } from '@emblem/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { FolderSort } from './sort';

export type { AssetLocation, AssetPage, AssetSort, AssetStatus, AssetType, BulkDownload, SortOrder, TransferResult } from '@emblem/core';

/** `Asset` (REST, snake_case) from docs/api.md: the core response type. */
export type Asset = AssetResponse;

export const ASSET_PAGE_SIZE = 200;
export const LIST_PREVIEW_WIDTH = 400;

export const assetKeys = {
  all: ['assets'] as const,
  listsOfProject: (projectId: number) => [...assetKeys.all, 'list', projectId] as const,
  list: (projectId: number, setId: number, sort: FolderSort) =>
    [...assetKeys.listsOfProject(projectId), setId, sort.sort, sort.order] as const,
  detail: (id: number) => [...assetKeys.all, 'detail', id] as const,
  screen: (id: number) => [...assetKeys.all, 'screen', id] as const,
};

/**
 * POST /api/asset/list, paged by cursor (200 per page), with preview URLs for the tiles. A sort without an order
 * goes its own way.
 */
export function folderAssetsQuery(
  projectId: number,
  setId: number,
  by: FolderSort | AssetSort,
  expiry: AssetExpiryFilter | null = null,
  submitted: AssetSubmittedFilter | null = null,
) {
  const sort = typeof by === 'string' ? { sort: by, order: DEFAULT_SORT_ORDER[by] } : by;
  return infiniteQueryOptions({
    // The expiry filter (decision 0033) is one more key part, so listings without it keep their keys; so is the
    // submitted filter (decision 0035).
    queryKey: [...assetKeys.list(projectId, setId, sort), ...(expiry ? [expiry] : []), ...(submitted ? [{ submitted }] : [])],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<AssetPage>('/api/asset/list', {
        method: 'POST',
        signal,
        body: {
          project_id: projectId,
          set_id: setId,
          include_preview_url: true,
          preview_width: LIST_PREVIEW_WIDTH,
          // Required custom metadata without a value marks the tile (decision 0040).
          include_required_custom_metadata_property_ids_without_value: true,
          sort: sort.sort,
          order: sort.order,
          limit: ASSET_PAGE_SIZE,
          ...(expiry ? { expiry } : {}),
          ...(submitted ? { submitted } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Listing URLs are signed and short-lived: keep them fresher than the five-minute lookups.
    staleTime: 60_000,
    meta: { background: true },
  });
}

export function isProcessing(asset: Pick<Asset, 'status'>): boolean {
  return asset.status === 'PROCESSING';
}

/** POST /api/screen/delete: the assets go to the library's trash (restorable for 30 days). */
export function deleteAssets(assetIds: number[]): Promise<AssetsTrashed> {
  return api('/api/screen/delete', { method: 'POST', body: { asset_ids: assetIds } });
}

/** DELETE /api/set/{id}: the folder goes to the trash with its sub-folders and their assets. */
export function trashFolder(id: number): Promise<FolderTrashed> {
  return api(`/api/set/${id}`, { method: 'DELETE' });
}

export type { LibraryTrashItem, TrashEmptied, TrashRestored };

export const trashKeys = {
  of: (projectId: number) => ['library-trash', projectId] as const,
};

/** GET /api/project/{id}/trash: deleted assets and folders of the last 30 days, newest first. */
export function trashQuery(projectId: number) {
  return queryOptions({
    queryKey: trashKeys.of(projectId),
    queryFn: ({ signal }) => api<LibraryTrashItem[]>(`/api/project/${projectId}/trash`, { signal }),
    // Thumbnails are signed URLs: keep the list about as fresh as a folder's.
    staleTime: 60_000,
  });
}

/** POST /api/project/{id}/trash/restore: brings items back, all or none. */
export function restoreTrash(projectId: number, body: { asset_ids?: number[]; set_ids?: number[] }): Promise<TrashRestored> {
  return api(`/api/project/${projectId}/trash/restore`, { method: 'POST', body });
}

/** DELETE /api/project/{id}/trash: removes everything in the trash for good (project admins). */
export function emptyTrash(projectId: number): Promise<TrashEmptied> {
  return api(`/api/project/${projectId}/trash`, { method: 'DELETE' });
}

export interface TransferBody {
  source: { project: number };
  target: { project: number; folder: number };
  folders: number[];
  assets: number[];
  metadata: boolean;
  mode: 'move' | 'copy';
}

export function transferAssets(body: TransferBody): Promise<TransferResult> {
  return api('/api/assets/transfer', { method: 'POST', body });
}

export function bulkDownload(
  body: { asset_ids: number[]; consent_token?: string } | { project_id: number; set_id: number; consent_token?: string },
): Promise<BulkDownload> {
  return api<BulkDownload>('/api/asset/bulk-download', { method: 'POST', body });
}

export function createAsset(body: { file_id: string; project_id: number; set_id?: number }): Promise<Asset> {
  return api<Asset>('/api/asset', { method: 'POST', body });
}

/** The icon of a file type (public, SVG). */
export function fileIconUrl(extension: string | null | undefined): string {
  const ext = (extension ?? '').toLowerCase().replace(/[^a-z0-9]/g, '') || 'unknown';
  return `/api/file-icon/file-${ext}.svg`;
}

export function assetQuery(id: number, previewWidth = 1600) {
  return queryOptions({
    queryKey: [...assetKeys.detail(id), previewWidth] as const,
    queryFn: ({ signal }) => api<Asset>(`/api/asset/${id}?include_urls=true&preview_width=${previewWidth}`, { signal }),
    staleTime: 60_000,
    meta: { background: true },
  });
}
