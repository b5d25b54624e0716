import type { ApprovalRequestResponse, AuditTrailPage, CreateApprovalRequestBody } from '@emblem/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Approval requests and the asset audit trail (docs/api.md "Approval requests", decision 0049). */

export const approvalKeys = {
  all: ['approvals'] as const,
  ofAsset: (assetId: number) => [...approvalKeys.all, 'asset', assetId] as const,
  trail: (assetId: number) => [...approvalKeys.all, 'trail', assetId] as const,
};

/** GET /api/asset/{id}/approval-requests: the asset's open requests, newest first. */
export function assetApprovalsQuery(assetId: number) {
  return queryOptions({
    queryKey: approvalKeys.ofAsset(assetId),
    queryFn: ({ signal }) => api<ApprovalRequestResponse[]>(`/api/asset/${assetId}/approval-requests`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/asset/{id}/audit-trail: the asset's events, newest first, a page at a time. */
export function auditTrailQuery(assetId: number) {
  return infiniteQueryOptions({
    queryKey: approvalKeys.trail(assetId),
    queryFn: ({ signal, pageParam }) =>
      api<AuditTrailPage>(`/api/asset/${assetId}/audit-trail${pageParam ? `?cursor=${pageParam}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}

export function createApprovalRequest(projectId: number, body: CreateApprovalRequestBody): Promise<ApprovalRequestResponse> {
  return api(`/api/project/${projectId}/approval-requests`, { method: 'POST', body });
}

export function voteOnApprovalRequest(id: number, body: { vote: string; comment: string }): Promise<ApprovalRequestResponse> {
  return api(`/api/approval-request/${id}/vote`, { method: 'PUT', body });
}

export function cancelApprovalRequest(id: number): Promise<ApprovalRequestResponse> {
  return api(`/api/approval-request/${id}/cancel`, { method: 'POST' });
}
