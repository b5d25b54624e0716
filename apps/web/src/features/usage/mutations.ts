import { useWrite } from '../../lib/mutation';
import { createAccessRequest, decideAccessRequest, usageKeys } from './api';

/**
 * POST /api/access-requests: `onSent` runs at once, then the requests and the usage figures are refetched before
 * the write counts as done.
 */
export function useRequestAccess({ onSent }: { onSent: () => void }) {
  return useWrite({
    mutationFn: (message: string) => createAccessRequest(message),
    onSuccess: onSent,
    invalidates: () => [usageKeys.accessRequests, usageKeys.usage],
  });
}

/** Approve or decline one access request; the requests and the usage figures refresh in the background. */
export function useDecideAccessRequest(requestId: number) {
  return useWrite({
    mutationFn: (status: 'APPROVED' | 'DECLINED') => decideAccessRequest(requestId, status),
    refreshes: () => [usageKeys.accessRequests, usageKeys.usage],
  });
}
