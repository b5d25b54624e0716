import type { AssetPage, CollectionAssetsChange, CollectionResponse } from '@emblem/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type Collection = CollectionResponse;

export const COLLECTION_PAGE_SIZE = 100;
const PREVIEW_WIDTH = 400;

export const collectionKeys = {
  all: ['collections'] as const,
  ofProject: (projectId: number) => [...collectionKeys.all, 'project', projectId] as const,
  ofBrand: (brandId: number) => [...collectionKeys.all, 'brand', brandId] as const,
  detail: (id: number) => [...collectionKeys.all, 'detail', id] as const,
  assets: (id: number) => [...collectionKeys.all, 'assets', id] as const,
};

/** GET /api/project/{id}/collections: the collections a library holds, in its order. */
export function projectCollectionsQuery(projectId: number) {
  return queryOptions({
    queryKey: collectionKeys.ofProject(projectId),
    queryFn: ({ signal }) => api<Collection[]>(`/api/project/${projectId}/collections`, { signal }),
    // Covers carry signed, short-lived preview URLs.
    staleTime: 60_000,
  });
}

/** GET /api/brand/{id}/collections: every collection of the brand the user may see. */
export function brandCollectionsQuery(brandId: number) {
  return queryOptions({
    queryKey: collectionKeys.ofBrand(brandId),
    queryFn: ({ signal }) => api<Collection[]>(`/api/brand/${brandId}/collections`, { signal }),
    staleTime: 60_000,
  });
}

export function collectionQuery(id: number) {
  return queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: ({ signal }) => api<Collection>(`/api/collection/${id}`, { signal }),
    staleTime: 60_000,
  });
}

/** GET /api/collection/{id}/assets, paged by cursor, in the collection's order. */
export function collectionAssetsQuery(id: number) {
  return infiniteQueryOptions({
    queryKey: collectionKeys.assets(id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(COLLECTION_PAGE_SIZE), preview_width: String(PREVIEW_WIDTH) });
      if (pageParam) query.set('cursor', pageParam);
      return api<AssetPage>(`/api/collection/${id}/assets?${query}`, { signal });
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 60_000,
  });
}

export const createCollection = (projectId: number, body: { name: string; description: string }) =>
  api<Collection>(`/api/project/${projectId}/collections`, { method: 'POST', body });
export const updateCollection = (id: number, body: { name?: string; description?: string; position?: number }) =>
  api<Collection>(`/api/collection/${id}`, { method: 'PATCH', body });
export const deleteCollection = (id: number) => api<{ id: number }>(`/api/collection/${id}`, { method: 'DELETE' });
export const addCollectionAssets = (id: number, body: { asset_ids: number[]; position?: number }) =>
  api<CollectionAssetsChange>(`/api/collection/${id}/assets`, { method: 'POST', body });
export const removeCollectionAssets = (id: number, assetIds: number[]) =>
  api<CollectionAssetsChange>(`/api/collection/${id}/assets/remove`, { method: 'POST', body: { asset_ids: assetIds } });
