import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /api/account/usage (docs/api.md). */
export interface AccountUsage {
  users: { total: number; active: number; invited: number; owners: number; super_users: number; members: number };
  access_requests: { pending: number; total: number };
}

export type AccessRequestStatus = 'PENDING' | 'APPROVED' | 'DECLINED';

export interface AccessRequest {
  id: number;
  user: { id: number; name: string | null; email: string };
  message: string;
  status: AccessRequestStatus;
  created_at: string;
  decided_at: string | null;
}

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
