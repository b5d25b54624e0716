import type { TagApply, TagSearchResponse, TagsChangeResponse } from '@emblem/core';
import { ApiError, api } from '../../lib/api';

/**
 * Asset tags (decision 0038; docs/api.md "Tags"): add and remove through POST /api/tags, a library's tags as
 * suggestions (GET /api/tag/search), how tags lie on a selection (POST /api/tag/search).
 */

export const tagKeys = {
  all: ['tags'] as const,
  library: (projectId: number, term: string) => [...tagKeys.all, 'library', projectId, term] as const,
  selection: (assetIds: readonly number[], setIds: readonly number[], term: string) =>
    [...tagKeys.all, 'selection', assetIds.join(','), setIds.join(','), term] as const,
};

export interface TagsChange {
  tags: string[];
  type: 'add' | 'remove';
  asset_ids?: number[];
  set_ids?: number[];
}

export function changeTags(body: TagsChange): Promise<TagsChangeResponse> {
  return api<TagsChangeResponse>('/api/tags', { method: 'POST', body });
}

/** A library's tags containing the term (people's tags only), for suggestions while typing. */
export function libraryTagsQuery(projectId: number, term: string) {
  return {
    queryKey: tagKeys.library(projectId, term),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<TagSearchResponse>(`/api/tag/search?${new URLSearchParams({ project_id: String(projectId), search_term: term })}`, {
        signal,
      }),
    staleTime: 30_000,
  };
}

/** The tags of the selection's libraries containing the term, with how each lies on the selection, AUTO ones apart. */
export function selectionTagsQuery(assetIds: readonly number[], setIds: readonly number[], term: string) {
  return {
    queryKey: tagKeys.selection(assetIds, setIds, term),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<TagSearchResponse>('/api/tag/search', {
        method: 'POST',
        body: { search_term: term, asset_ids: assetIds, set_ids: setIds, include_applied_auto_tags: true },
        signal,
      }),
  };
}

/**
 * settings-toolkit.md "Tags": an unused tag becomes used on all (add), a used one is taken off (remove), a partial
 * one becomes fully applied (add).
 */
export function nextTagChange(apply: TagApply): 'add' | 'remove' {
  return apply === 'ALL' ? 'remove' : 'add';
}

/** The server's words for a refused tag change: the first field message, else the envelope's error. */
export function tagErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const field = Object.values(error.errors).find((messages) => messages.length > 0)?.[0];
    return field ?? error.error ?? fallback;
  }
  return fallback;
}
