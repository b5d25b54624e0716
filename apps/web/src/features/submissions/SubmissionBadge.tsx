import type { AssetSubmission } from '@emblem/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { assetKeys } from '../library/api';
import { acceptSubmissions, submissionKeys } from './api';
import './submissions.css';

/** "Submitted" (or "Submitted late") on an asset sent through a submission request and not yet accepted (decision 0032). */
export function SubmissionBadge({ asset, compact = false }: { asset: { submission?: AssetSubmission | null }; compact?: boolean }) {
  const { t } = useTranslation();
  const s = asset.submission;
  if (s?.status !== 'SUBMITTED') return null;
  return (
    <span
      className={`submission-badge badge badge--info${compact ? ' submission-badge--inline' : ''}`}
      title={t('submissions.badgeTitle', { name: s.name ?? '', email: s.email ?? '' })}
      data-testid="submission-badge"
    >
      {s.late ? t('submissions.badgeLate') : t('submissions.badge')}
    </span>
  );
}

/** Accepts the submitted assets among a selection (EDIT), then refreshes the library's lists. */
export function useAcceptSubmissions(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSubmissions,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assetKeys.listsOfProject(projectId) }),
        queryClient.invalidateQueries({ queryKey: submissionKeys.ofProject(projectId) }),
      ]),
  });
}
