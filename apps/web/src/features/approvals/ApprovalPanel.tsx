import type { ApprovalRequestResponse, ApprovalResult, ApprovalVote } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Alert, Badge } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { assetApprovalsQuery } from './api';
import { useCancelApprovalRequest, useVote } from './mutations';
import { RequestApprovalDialog } from './RequestApprovalDialog';
import './approvals.css';

const TONE: Record<ApprovalResult | ApprovalVote, 'neutral' | 'success' | 'warning' | 'danger' | 'info'> = {
  OPEN: 'info',
  APPROVED: 'success',
  CHANGES_REQUESTED: 'warning',
  REJECTED: 'danger',
  CANCELLED: 'neutral',
};

/**
 * The viewer's "Approval" section (decision 0049): the asset's open requests with each reviewer's vote, the vote
 * buttons for a reviewer, cancel for the requester or a project admin, and "Request approval" for editors.
 */
export function ApprovalPanel({
  assetId,
  projectId,
  canEdit,
  trailHref,
}: {
  assetId: number;
  projectId: number;
  canEdit: boolean;
  trailHref: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const requests = useQuery(assetApprovalsQuery(assetId));
  const [asking, setAsking] = useState(false);
  const [decided, setDecided] = useState<ApprovalResult | null>(null);
  const open = requests.data ?? [];

  return (
    <section className="viewer-section approval-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="viewer-section__title">
        {t('approvals.title')}
      </h2>
      <p role="status" className="approval-panel__notice">
        {decided ? t('approvals.decided', { result: t(`approvals.result.${decided}`) }) : ''}
      </p>
      {requests.isPending ? (
        <p className="approval-panel__muted">{t('approvals.loading')}</p>
      ) : requests.isError ? (
        <Alert>{errorMessage(requests.error, t('approvals.failed'))}</Alert>
      ) : open.length ? (
        open.map((request) => <OpenRequest key={request.id} request={request} assetId={assetId} onDecided={setDecided} />)
      ) : (
        <p className="approval-panel__muted">{t(canEdit ? 'approvals.emptyEditor' : 'approvals.empty')}</p>
      )}
      {canEdit && requests.isSuccess ? (
        <div className="approval-panel__actions">
          <Button size="sm" variant={open.length ? 'secondary' : 'primary'} onPress={() => setAsking(true)}>
            {t('approvals.request.open')}
          </Button>
        </div>
      ) : null}
      <Link className="approval-panel__trail" to={trailHref}>
        {t('approvals.trailLink')}
      </Link>
      {canEdit ? <RequestApprovalDialog isOpen={asking} onOpenChange={setAsking} projectId={projectId} assetId={assetId} /> : null}
    </section>
  );
}

function OpenRequest({
  request,
  assetId,
  onDecided,
}: {
  request: ApprovalRequestResponse;
  assetId: number;
  onDecided: (result: ApprovalResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const vote = useVote(assetId);
  const cancel = useCancelApprovalRequest(assetId);
  const [comment, setComment] = useState('');
  const send = async (v: ApprovalVote) => {
    try {
      const answer = await vote.mutateAsync({ id: request.id, vote: v, comment });
      setComment('');
      if (answer.status !== 'OPEN') onDecided(answer.status);
    } catch {
      // Shown through vote.failure.
    }
  };
  return (
    <article
      className="approval-request"
      aria-label={t('approvals.requestLabel', { name: request.requester?.name ?? t('approvals.someone') })}
    >
      <p className="approval-request__summary">
        <Badge tone={TONE[request.status]}>{t(`approvals.result.${request.status}`)}</Badge> {t(`approvals.mode.${request.mode}`)}
        {request.due_at ? ` · ${t('approvals.dueOn', { date: formatDate(request.due_at, i18n.language, 'long') })}` : ''}
      </p>
      <p className="approval-panel__muted">{t('approvals.requestedBy', { name: request.requester?.name ?? t('approvals.someone') })}</p>
      {request.message ? <blockquote className="approval-request__message">{request.message}</blockquote> : null}
      <ul className="approval-request__reviewers" aria-label={t('approvals.reviewers')}>
        {request.reviewers.map((r) => (
          <li key={r.id} className={r.counts ? 'approval-reviewer' : 'approval-reviewer approval-reviewer--gone'}>
            <span className="approval-reviewer__name">
              {r.group ? t('approvals.groupName', { name: r.group.name }) : (r.user?.name ?? t('approvals.someone'))}
            </span>
            <Badge tone={r.vote ? TONE[r.vote] : 'neutral'}>{r.vote ? t(`approvals.vote.${r.vote}`) : t('approvals.waiting')}</Badge>
            {!r.counts ? <span className="approval-reviewer__note">{t('approvals.notCounted')}</span> : null}
            {r.comment ? <span className="approval-reviewer__comment">“{r.comment}”</span> : null}
          </li>
        ))}
      </ul>
      {vote.failure ? <Alert>{vote.failure}</Alert> : null}
      {request.permissions.vote ? (
        <div className="approval-vote">
          <TextField label={t('approvals.comment')} multiline rows={2} value={comment} onChange={setComment} />
          <div className="approval-vote__buttons">
            <Button size="sm" variant="primary" isDisabled={vote.busy} onPress={() => void send('APPROVED')}>
              {t('approvals.approve')}
            </Button>
            <Button size="sm" isDisabled={vote.busy} onPress={() => void send('CHANGES_REQUESTED')}>
              {t('approvals.requestChanges')}
            </Button>
            <Button size="sm" variant="danger" isDisabled={vote.busy} onPress={() => void send('REJECTED')}>
              {t('approvals.reject')}
            </Button>
          </div>
        </div>
      ) : null}
      {cancel.failure ? <Alert>{cancel.failure}</Alert> : null}
      {request.permissions.manage ? (
        <Button
          size="sm"
          variant="ghost"
          isPending={cancel.busy}
          onPress={() => {
            cancel.mutate(request.id, { onSuccess: () => onDecided('CANCELLED') });
          }}
        >
          {t('approvals.cancel')}
        </Button>
      ) : null}
    </article>
  );
}
