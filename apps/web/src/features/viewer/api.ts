import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type Asset, type AssetStatus, assetKeys } from '../library/api';

export interface Revision {
  id: number;
  number: number;
  created_at: string;
  creator: { id: number; name: string | null } | null;
  extension: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  status: AssetStatus;
  preview_url: string | null;
  download_url: string | null;
  current: boolean;
}

export interface Attachment {
  id: number;
  asset_id: number;
  title: string;
  extension: string | null;
  size: number | null;
  download_url: string | null;
  created_at: string;
}

/** GET /api/screen/data/{id}: the asset with its revisions, attachments, page previews and neighbours in the folder. */
export interface ScreenData {
  asset: Asset;
  revisions: Revision[];
  attachments: Attachment[];
  /** Signed previews of each page of a multi-page PDF (at most 200); empty for anything else. */
  page_preview_urls: string[];
  previous_id: number | null;
  next_id: number | null;
}

export function screenDataQuery(id: number) {
  return queryOptions({
    queryKey: assetKeys.screen(id),
    queryFn: ({ signal }) => api<ScreenData>(`/api/screen/data/${id}`, { signal }),
    staleTime: 60_000,
    meta: { background: true },
  });
}

export function updateAsset(id: number, body: { title?: string; description?: string; alternative_text?: string }): Promise<Asset> {
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

/** GET /api/asset/{id}/download: the original, a revision, or a project custom size. */
export function assetDownloadUrl(id: number, options: { revision?: number; size?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.revision !== undefined) query.set('revision', String(options.revision));
  if (options.size !== undefined) query.set('size', options.size);
  const search = query.toString();
  return `/api/asset/${id}/download${search ? `?${search}` : ''}`;
}
