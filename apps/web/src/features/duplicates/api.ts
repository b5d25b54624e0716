import type { AssetDuplicatesResponse, DuplicateAction, DuplicateGroup, DuplicateGroupPage, DuplicatesResolved } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { ApiError, api, errorMessage } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import { refreshProjectContents } from '../library/mutations';

/**
 * Duplicates and similar images of a library (decision 0042; docs/api.md "Duplicates"): the groups, one group, its
 * resolution, and the exact copies of one asset (the upload tray's warning).
 */

export const DUPLICATE_PAGE_SIZE = 20;

export const duplicateKeys = {
  all: ['duplicates'] as const,
  project: (projectId: number) => [...duplicateKeys.all, 'project', projectId] as const,
  page: (projectId: number, cursor: string | null) => [...duplicateKeys.project(projectId), 'page', cursor] as const,
  group: (projectId: number, groupId: string) => [...duplicateKeys.project(projectId), 'group', groupId] as const,
  asset: (assetId: number) => [...duplicateKeys.all, 'asset', assetId] as const,
};

export function duplicatesPageQuery(projectId: number, cursor: string | null) {
  const params = new URLSearchParams({ limit: String(DUPLICATE_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return {
    queryKey: duplicateKeys.page(projectId, cursor),
    queryFn: ({ signal }: { signal: AbortSignal }) => api<DuplicateGroupPage>(`/api/project/${projectId}/duplicates?${params}`, { signal }),
  };
}

export function duplicateGroupQuery(projectId: number, groupId: string) {
  return {
    queryKey: duplicateKeys.group(projectId, groupId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<DuplicateGroup>(`/api/project/${projectId}/duplicates/${encodeURIComponent(groupId)}`, { signal }),
    retry: false,
  };
}

export function assetDuplicatesQuery(assetId: number) {
  return {
    queryKey: duplicateKeys.asset(assetId),
    queryFn: ({ signal }: { signal: AbortSignal }) => api<AssetDuplicatesResponse>(`/api/asset/${assetId}/duplicates`, { signal }),
    staleTime: 60_000,
  };
}

/** Resolves a group; afterwards the library's groups, folders and trash are read again. */
export function useResolveDuplicates(projectId: number, groupId: string) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (body: { keep_asset_id: number; action: DuplicateAction }) =>
      api<DuplicatesResolved>(`/api/project/${projectId}/duplicates/${encodeURIComponent(groupId)}/resolve`, { method: 'POST', body }),
    onSuccess: async (_result, _body, _context, { client }) => {
      client.removeQueries({ queryKey: duplicateKeys.group(projectId, groupId) });
      await client.invalidateQueries({ queryKey: duplicateKeys.project(projectId) });
      await refreshProjectContents(client, projectId);
    },
    failureMessage: (error) => {
      // A refused choice names its field (keep_asset_id, action): its message says more than "Validation failed".
      const field = error instanceof ApiError ? Object.values(error.errors).find((m) => m.length > 0)?.[0] : undefined;
      return field ?? errorMessage(error, t('duplicates.resolveFailed'));
    },
  });
}
