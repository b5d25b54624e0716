import { useQueryClient } from '@tanstack/react-query';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatDate, formatSize } from '../../lib/format';
import { Button, LinkButton } from '../../ui/Button';
import { Badge } from '../../ui/Feedback';
import type { Asset } from '../library/api';
import { useUploadStarter } from '../uploads/useUploadStarter';
import { assetDownloadUrl, type Revision } from './api';
import { revisionUploadTarget } from './mutations';

/** The asset's revisions, newest first, with "Upload new revision" (EDIT) and "Compare revisions" (comparerevision). */
export function Revisions({
  asset,
  revisions,
  canEdit,
  projectId,
  compareHref,
}: {
  asset: Asset;
  revisions: Revision[];
  canEdit: boolean;
  projectId: number;
  /** …/assets/{assetId}/comparerevision */
  compareHref: string;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useUploadStarter(projectId);
  const sorted = [...revisions].sort((a, b) => b.number - a.number);

  return (
    <section className="viewer-section" aria-labelledby="asset-revisions-heading">
      <div className="viewer-section__head">
        <h2 id="asset-revisions-heading" className="viewer-section__title">
          {t('viewer.revisions.title')}
        </h2>
        <div className="viewer-section__actions">
          {sorted.length > 1 ? (
            <LinkButton size="sm" href={compareHref}>
              {t('comments.compare')}
            </LinkButton>
          ) : null}
          {canEdit ? (
            <FileTrigger
              onSelect={(files) => files && void upload.start(Array.from(files).slice(0, 1), revisionUploadTarget(queryClient, asset))}
            >
              <Button size="sm" isPending={upload.checking}>
                {t('viewer.revisions.upload')}
              </Button>
            </FileTrigger>
          ) : null}
        </div>
      </div>
      {sorted.length === 0 ? (
        <p className="muted">{t('viewer.revisions.none')}</p>
      ) : (
        <ol className="item-list">
          {sorted.map((revision) => (
            <li key={revision.id} className="item-list__item">
              <div className="item-list__main">
                <span className="item-list__name">
                  {t('viewer.revisions.number', { number: revision.number })}{' '}
                  {revision.current ? <Badge tone="success">{t('viewer.revisions.current')}</Badge> : null}
                </span>
                <span className="item-list__meta">
                  {[
                    formatDate(revision.created_at, i18n.language),
                    revision.creator?.name,
                    revision.extension?.toUpperCase(),
                    formatSize(revision.size),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              <a
                className="button button--ghost button--sm"
                href={revision.download_url ?? assetDownloadUrl(asset.id, { revision: revision.id })}
                download
              >
                {t('viewer.revisions.download')}
                <span className="visually-hidden"> {t('viewer.revisions.number', { number: revision.number })}</span>
              </a>
            </li>
          ))}
        </ol>
      )}
      {upload.dialogs}
    </section>
  );
}
