import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useWrite } from '../../lib/mutation';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { type Asset, assetKeys } from '../library/api';
import { DeleteAssetsDialog } from '../library/DeleteAssetsDialog';
import { acceptSubmissions, submissionKeys } from '../submissions/api';
import { type ScreenData, screenDataQuery } from './api';
import './AssetSubmission.css';

/**
 * A file sent through a submission request (decision 0032): who sent it, with which e-mail address, when, and
 * whether after the deadline. While it waits, editors accept it (POST /api/asset/submissions/accept: the badge goes)
 * or delete it to the library's trash after a confirmation (the folder then says so, with Undo).
 */
export function AssetSubmission({
  asset,
  canEdit,
  projectName,
  folderHref,
}: {
  asset: Asset;
  canEdit: boolean;
  projectName: string;
  /** The asset's folder (with the address's sort), where a delete goes back to. */
  folderHref: string;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const accept = useWrite({
    mutationFn: () => acceptSubmissions([asset.id]),
    onSuccess: (_result, _variables, _context, { client }) => {
      // The badge and the actions go at once; the asset, the folder's listings and the requests' counts follow.
      client.setQueryData<ScreenData>(screenDataQuery(asset.id).queryKey, (current) =>
        current?.asset.submission
          ? { ...current, asset: { ...current.asset, submission: { ...current.asset.submission, status: 'ACCEPTED' } } }
          : current,
      );
      setAccepted(true);
      // Accept and Delete go: focus, if it was on them (or already lost), moves to the section's heading instead of
      // falling to the page; the status line says the file was accepted.
      const active = document.activeElement;
      if (!active || active === document.body || sectionRef.current?.contains(active)) headingRef.current?.focus();
    },
    refreshes: () => [
      assetKeys.screen(asset.id),
      assetKeys.detail(asset.id),
      assetKeys.listsOfProject(asset.project_id),
      submissionKeys.ofProject(asset.project_id),
    ],
    failureMessage: (error) => errorMessage(error, t('viewer.submission.acceptFailed')),
  });
  const submission = asset.submission;
  if (!submission) return null;
  const waiting = submission.status === 'SUBMITTED';

  return (
    <section ref={sectionRef} className="viewer-section viewer-submission" aria-labelledby={headingId} data-testid="asset-submission">
      <h2 ref={headingRef} id={headingId} className="viewer-section__title" tabIndex={-1}>
        {t('viewer.submission.title')}
      </h2>
      <p className="viewer-submission__state">
        <span className={`badge ${waiting ? 'badge--info' : 'badge--success'}`}>
          {waiting
            ? submission.late
              ? t('viewer.submission.waitingLate')
              : t('viewer.submission.waiting')
            : t('viewer.submission.accepted')}
        </span>
      </p>
      <dl className="meta-list">
        <div>
          <dt>{t('viewer.submission.name')}</dt>
          <dd>{submission.name || '—'}</dd>
        </div>
        <div>
          <dt>{t('viewer.submission.email')}</dt>
          <dd className="viewer-submission__email">
            {submission.email ? <a href={`mailto:${submission.email}`}>{submission.email}</a> : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('viewer.submission.date')}</dt>
          <dd>
            {formatDate(asset.created_at, i18n.language, 'long')}
            {submission.late ? ` · ${t('viewer.submission.late')}` : ''}
          </dd>
        </div>
      </dl>
      {accept.failure ? <Alert>{accept.failure}</Alert> : null}
      {canEdit && waiting ? (
        <>
          <p className="viewer-submission__hint">{t('viewer.submission.hint')}</p>
          <div className="viewer-section__actions">
            <Button variant="primary" size="sm" isPending={accept.busy} onPress={() => accept.mutate()}>
              {t('viewer.submission.accept')}
            </Button>
            <Button variant="danger" size="sm" isDisabled={accept.busy} onPress={() => setConfirming(true)}>
              {t('viewer.submission.delete')}
            </Button>
          </div>
        </>
      ) : null}
      <p className="viewer-submission__status" role="status">
        {accept.busy ? t('viewer.submission.accepting') : accepted && !waiting ? t('viewer.submission.acceptedNow') : ''}
      </p>
      {confirming ? (
        <DeleteAssetsDialog
          ids={[asset.id]}
          projectId={asset.project_id}
          projectName={projectName}
          onClose={() => setConfirming(false)}
          onDeleted={(ids) => {
            // The folder says what happened, with Undo (the library's notice comes along in the navigation's state).
            const notice = {
              tone: 'success' as const,
              text: t('library.trash.assetsTrashed', { count: ids.length }),
              undo: { asset_ids: ids },
              folderId: asset.set_id ?? 0,
            };
            void navigate(folderHref, { replace: true, state: { notice } });
          }}
        />
      ) : null}
    </section>
  );
}
