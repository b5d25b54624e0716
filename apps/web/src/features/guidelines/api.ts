import type { PortalVisibility as CorePortalVisibility, CreatePortalBody, PortalResponse, UpdatePortalBody } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** `Portal`: a guideline portal of a brand, as the server answers it. */
export type Portal = PortalResponse;
export type PortalVisibility = CorePortalVisibility;

export const portalKeys = {
  all: ['portals'] as const,
  brand: (brandId: number) => [...portalKeys.all, 'brand', brandId] as const,
  token: (id: number) => [...portalKeys.all, 'token', id] as const,
};

/** GET /api/portal?brand_id={id}: the brand's portals the caller may see, in order. */
export function brandPortalsQuery(brandId: number) {
  return queryOptions({
    queryKey: portalKeys.brand(brandId),
    queryFn: ({ signal }) => api<Portal[]>(`/api/portal?brand_id=${brandId}`, { signal }),
  });
}

/** GET /api/portal/{id}/token: the token of the portal's public address (editors only). */
export function portalTokenQuery(id: number) {
  return queryOptions({
    queryKey: portalKeys.token(id),
    queryFn: ({ signal }) => api<{ token: string }>(`/api/portal/${id}/token`, { signal }),
  });
}

/** The public address of a portal: where the reader page answers for its token. */
export function portalAddress(token: string): string {
  return `${window.location.origin}/d/${token}`;
}

export function createPortal(body: CreatePortalBody): Promise<Portal> {
  return api<Portal>('/api/portal', { method: 'POST', body });
}

export function updatePortal(id: number, body: UpdatePortalBody): Promise<Portal> {
  return api<Portal>(`/api/portal/${id}`, { method: 'PATCH', body });
}

/** POST /api/portal/{id}/token: a new address; the old one stops working. */
export function regeneratePortalToken(id: number): Promise<{ token: string }> {
  return api<{ token: string }>(`/api/portal/${id}/token`, { method: 'POST' });
}
