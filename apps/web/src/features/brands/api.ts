import type { BrandHomeAsset, BrandHomeProject, BrandHomeResponse, BrandResponse } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** `Brand` from docs/api.md: the core response type. */
export type Brand = BrandResponse;
export type { BrandHomeAsset, BrandHomeProject, BrandHomeResponse };

export const brandKeys = {
  all: ['brands'] as const,
  list: () => [...brandKeys.all, 'list'] as const,
  detail: (id: number) => [...brandKeys.all, 'detail', id] as const,
};

/**
 * GET /api/brand/{id}/home: the brand's projects with covers and counts, and its newest assets. Kept under the
 * brand's project key, so creating, renaming or deleting a project of the brand asks for it again.
 */
export function brandHomeQuery(id: number) {
  return queryOptions({
    queryKey: ['projects', 'brand', id, 'home'] as const,
    queryFn: ({ signal }) => api<BrandHomeResponse>(`/api/brand/${id}/home`, { signal }),
    // New uploads show up when the home is opened again.
    staleTime: 0,
  });
}

export const brandListQuery = queryOptions({
  queryKey: brandKeys.list(),
  queryFn: ({ signal }) => api<Brand[]>('/api/brand', { signal }),
});

export function brandQuery(id: number) {
  return queryOptions({
    queryKey: brandKeys.detail(id),
    queryFn: ({ signal }) => api<Brand>(`/api/brand/${id}`, { signal }),
  });
}

export function createBrand(body: { name: string }): Promise<Brand> {
  return api<Brand>('/api/brand', { method: 'POST', body });
}

export function deleteBrand(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/api/brand/${id}`, { method: 'DELETE' });
}

export function setFavourite(id: number, favourite: boolean): Promise<{ id: number; is_favourite: boolean }> {
  return api(`/api/brand/${id}/favourite`, { method: favourite ? 'PUT' : 'DELETE' });
}
