import type { ProjectContext, ShareDownload, ShareLinkResponse } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type ShareLink = ShareLinkResponse;

/** What a share dialog shares: assets of one library, a folder or a collection (decision 0030). */
export type ShareTarget =
  | { type: 'asset'; projectId: number; assetIds: number[] }
  | { type: 'folder'; projectId: number; setId: number }
  | { type: 'collection'; projectId: number; collectionId: number };

/** Project types whose contents may be shared publicly (data-api.md §6); never personal projects. */
const SHAREABLE_TYPES = new Set(['WORKSPACE', 'MEDIALIBRARY', 'DOCUMENTLIBRARY', 'ICONLIBRARY', 'LOGOLIBRARY']);

/**
 * Whether to offer sharing at all: the account's PUBLIC_ASSET_SHARING flag, a shareable project and EDIT on it
 * (the server refuses otherwise; this only mirrors it).
 */
export function canShare(flags: readonly string[], project: Pick<ProjectContext, 'project_type' | 'personal'>, canEdit: boolean): boolean {
  return canEdit && flags.includes('PUBLIC_ASSET_SHARING') && SHAREABLE_TYPES.has(project.project_type) && project.personal === 0;
}

export const shareKeys = {
  all: ['share-links'] as const,
  ofTarget: (target: ShareTarget) => [...shareKeys.all, target] as const,
};

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** GET /api/project/{id}/share-links filtered to the target (a selection of assets: links of exactly those assets). */
export function shareLinksQuery(target: ShareTarget) {
  const filter =
    target.type === 'asset'
      ? `asset_id=${target.assetIds[0]}`
      : target.type === 'folder'
        ? `set_id=${target.setId}`
        : `collection_id=${target.collectionId}`;
  return queryOptions({
    queryKey: shareKeys.ofTarget(target),
    queryFn: async ({ signal }) => {
      const links = await api<ShareLink[]>(`/api/project/${target.projectId}/share-links?${filter}`, { signal });
      return target.type === 'asset' ? links.filter((l) => l.type === 'asset' && sameSet(l.asset_ids, target.assetIds)) : links;
    },
  });
}

export interface NewShareLink {
  password?: string;
  expires_at?: string;
  download: ShareDownload;
}

export function createShareLink(target: ShareTarget, body: NewShareLink) {
  const what =
    target.type === 'asset'
      ? { type: 'asset', asset_ids: target.assetIds }
      : target.type === 'folder'
        ? { type: 'folder', set_id: target.setId }
        : { type: 'collection', collection_id: target.collectionId };
  return api<ShareLink>('/api/share-link', { method: 'POST', body: { ...what, ...body } });
}

export interface ShareLinkChange {
  is_enabled?: boolean;
  password?: string | null;
  expires_at?: string | null;
  download?: ShareDownload;
}

export const updateShareLink = (id: number, body: ShareLinkChange) => api<ShareLink>(`/api/share-link/${id}`, { method: 'PATCH', body });
export const renewShareLinkAddress = (id: number) => api<ShareLink>(`/api/share-link/${id}/address`, { method: 'POST' });
export const deleteShareLink = (id: number) => api<{ id: number }>(`/api/share-link/${id}`, { method: 'DELETE' });

/** A date field's value (YYYY-MM-DD) as the end of that day where the user is, in ISO form. */
export function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}
