import type { AccessRequestResponse, AccountUsage } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { AccessRequestStatus, AccountUsage } from '@emblem/core';

export type AccessRequest = AccessRequestResponse;

export const usageKeys = {
  usage: ['account', 'usage'] as const,
  accessRequests: ['access-requests'] as const,
};

export const usageQuery = queryOptions({
  queryKey: usageKeys.usage,
  queryFn: ({ signal }) => api<AccountUsage>('/api/account/usage', { signal }),
  // Counts change as people act; keep them current on every visit.
  staleTime: 0,
});

export const accessRequestsQuery = queryOptions({
  queryKey: usageKeys.accessRequests,
  queryFn: ({ signal }) => api<AccessRequest[]>('/api/access-requests', { signal }),
  staleTime: 0,
});

export function createAccessRequest(message: string): Promise<AccessRequest> {
  return api<AccessRequest>('/api/access-requests', { method: 'POST', body: { message } });
}

export function decideAccessRequest(id: number, status: 'APPROVED' | 'DECLINED'): Promise<AccessRequest> {
  return api<AccessRequest>(`/api/access-requests/${id}`, { method: 'PATCH', body: { status } });
}
