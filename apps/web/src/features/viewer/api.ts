import type { AttachmentResponse, RevisionResponse, ScreenData } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type Asset, assetKeys } from '../library/api';

export type Revision = RevisionResponse;
export type Attachment = AttachmentResponse;
export type { ScreenData } from '@emblem/core';

export function screenDataQuery(id: number) {
  return queryOptions({
    queryKey: assetKeys.screen(id),
    queryFn: ({ signal }) => api<ScreenData>(`/api/screen/data/${id}`, { signal }),
    staleTime: 60_000,
    meta: { background: true },
  });
}

export function updateAsset(
  id: number,
  body: { title?: string; description?: string; alternative_text?: string; expires_at?: string | null },
): Promise<Asset> {
  return api<Asset>(`/api/asset/${id}`, { method: 'PATCH', body });
}

export function addRevision(id: number, fileId: string): Promise<Asset> {
  return api<Asset>(`/api/asset/${id}/revision`, { method: 'POST', body: { file_id: fileId } });
}

export function createAttachment(assetId: number, fileId: string): Promise<Attachment> {
  return api<Attachment>('/api/asset-attachment', { method: 'POST', body: { asset_id: assetId, file_id: fileId } });
}

export function renameAttachment(id: number, title: string): Promise<Attachment> {
  return api<Attachment>(`/api/attachment/update/${id}`, { method: 'POST', body: { title } });
}

export function deleteAttachment(id: number): Promise<{ id: number }> {
  return api(`/api/asset-attachment/${id}`, { method: 'DELETE' });
}

/**
 * GET /api/asset/{id}/download: the original, a revision, one of the project's custom sizes, or an ad-hoc size
 * and format (`width`, `height`, `format`, `fit`; fields left out keep the ratio or the format).
 */
export function assetDownloadUrl(
  id: number,
  options: { revision?: number; size?: string; width?: number; height?: number; format?: string; fit?: string; consent?: string } = {},
): string {
  const query = new URLSearchParams();
  for (const key of ['revision', 'size', 'width', 'height', 'format', 'fit', 'consent'] as const) {
    const value = options[key];
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return `/api/asset/${id}/download${search ? `?${search}` : ''}`;
}
