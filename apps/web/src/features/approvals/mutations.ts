import type { ApprovalVote, CreateApprovalRequestBody } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import { assetKeys } from '../library/api';
import { approvalKeys, cancelApprovalRequest, createApprovalRequest, voteOnApprovalRequest } from './api';

/** What an approval change makes stale: the asset's requests and trail, and the asset (its status may have moved). */
const stale = (assetId: number) => [
  approvalKeys.ofAsset(assetId),
  approvalKeys.trail(assetId),
  assetKeys.screen(assetId),
  assetKeys.detail(assetId),
];

export function useCreateApprovalRequest(projectId: number, assetId: number) {
  return useWrite({
    mutationFn: (body: CreateApprovalRequestBody) => createApprovalRequest(projectId, body),
    invalidates: () => stale(assetId),
  });
}

export function useVote(assetId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: ({ id, vote, comment }: { id: number; vote: ApprovalVote; comment: string }) =>
      voteOnApprovalRequest(id, { vote, comment }),
    invalidates: () => stale(assetId),
    failureMessage: (error) => errorMessage(error, t('approvals.voteFailed')),
  });
}

export function useCancelApprovalRequest(assetId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (id: number) => cancelApprovalRequest(id),
    invalidates: () => stale(assetId),
    failureMessage: (error) => errorMessage(error, t('approvals.cancelFailed')),
  });
}
