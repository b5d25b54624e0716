import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatDate, formatSize } from '../../lib/format';
import { Button } from '../../ui/Button';
import { AppDialog, DialogCloseActions } from '../../ui/Dialog';
import { Badge } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { type Asset, fileIconUrl } from '../library/api';
import { useUploadStarter } from '../uploads/useUploadStarter';
import { assetDownloadUrl, type Revision } from './api';
import { revisionUploadTarget } from './mutations';

/** The asset's revisions, newest first, with "Upload new revision" (EDIT) and side-by-side compare. */
export function Revisions({
  asset,
  revisions,
  canEdit,
  projectId,
}: {
  asset: Asset;
  revisions: Revision[];
  canEdit: boolean;
  projectId: number;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useUploadStarter(projectId);
  const [comparing, setComparing] = useState(false);
  const sorted = [...revisions].sort((a, b) => b.number - a.number);

  return (
    <section className="viewer-section" aria-labelledby="asset-revisions-heading">
      <div className="viewer-section__head">
        <h2 id="asset-revisions-heading" className="viewer-section__title">
          {t('viewer.revisions.title')}
        </h2>
        <div className="viewer-section__actions">
          {sorted.length > 1 ? (
            <Button size="sm" onPress={() => setComparing(true)}>
              {t('viewer.revisions.compare')}
            </Button>
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
      {comparing ? <CompareDialog asset={asset} revisions={sorted} onClose={() => setComparing(false)} /> : null}
    </section>
  );
}

/** Two revisions' previews side by side (stacked on narrow screens). */
function CompareDialog({ asset, revisions, onClose }: { asset: Asset; revisions: Revision[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(String(revisions[1]?.id ?? revisions[0]?.id ?? ''));
  const [right, setRight] = useState(String(revisions[0]?.id ?? ''));
  const options = revisions.map((r) => ({
    id: String(r.id),
    label: r.current
      ? `${t('viewer.revisions.number', { number: r.number })} (${t('viewer.revisions.current')})`
      : t('viewer.revisions.number', { number: r.number }),
  }));
  const pane = (id: string, label: string, onChange: (value: string) => void) => {
    const revision = revisions.find((r) => String(r.id) === id);
    return (
      <figure className="compare__pane">
        <SelectField label={label} options={options} value={id} onChange={onChange} />
        <div className="compare__image">
          {revision?.preview_url ? (
            <img src={revision.preview_url} alt={t('viewer.revisions.previewOf', { number: revision.number, title: asset.title })} />
          ) : (
            <img className="viewer__icon" src={fileIconUrl(revision?.extension ?? asset.extension)} alt="" />
          )}
        </div>
      </figure>
    );
  };
  return (
    <AppDialog title={t('viewer.revisions.compareTitle')} isOpen onOpenChange={(open) => !open && onClose()} size="lg">
      <div className="compare">
        {pane(left, t('viewer.revisions.left'), setLeft)}
        {pane(right, t('viewer.revisions.right'), setRight)}
      </div>
      <DialogCloseActions>{t('common.done')}</DialogCloseActions>
    </AppDialog>
  );
}
