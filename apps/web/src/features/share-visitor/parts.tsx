import type { ConsentRequiredDetails, ShareVisitorAsset } from '@emblem/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatSize } from '../../lib/format';
import { Button } from '../../ui/Button';
import { DismissableAlert } from '../../ui/Feedback';
import { UsageConsentDialog } from '../licences/UsageConsentDialog';
import { acceptShareConsent, consentAskedBy, downloadSharedFile, withConsent } from './api';

/** "JPG · 2.4 MB · 1600 × 900". */
export function assetFacts(asset: ShareVisitorAsset): string {
  const dimensions = asset.width && asset.height ? `${asset.width} × ${asset.height}` : null;
  return [asset.extension?.toUpperCase(), asset.size !== null ? formatSize(asset.size) : null, dimensions].filter(Boolean).join(' · ');
}

/** The tiles of a link's assets: thumbnail (the link-scoped URL the API gave), title and facts; each opens the viewer. */
export function ShareAssetGrid({ assets, hrefOf, label }: { assets: ShareVisitorAsset[]; hrefOf: (id: number) => string; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className="share-grid" aria-label={label}>
      {assets.map((asset) => {
        const title = asset.title || t('shareVisitor.untitled');
        return (
          <li key={asset.id} className="share-tile">
            <Link className="share-tile__link" to={hrefOf(asset.id)}>
              <span className="share-tile__thumb">
                {asset.thumbnail_url ? (
                  <img src={asset.thumbnail_url} alt="" loading="lazy" decoding="async" />
                ) : (
                  <span className="share-tile__type" aria-hidden="true">
                    {asset.extension?.toUpperCase() ?? t('shareVisitor.noPreviewShort')}
                  </span>
                )}
              </span>
              <span className="share-tile__title">{title}</span>
              <span className="share-tile__facts">{assetFacts(asset)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** "Load more" under a grid while the server has more, with how many are shown. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onLoad,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <div className="share-more">
      <p className="share-more__count" aria-live="polite">
        {t('shareVisitor.shown', { shown, count: total })}
      </p>
      {hasMore ? (
        <Button onPress={onLoad} isPending={loading}>
          {t('shareVisitor.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A download that shows what happens: busy while it starts, the share received when the size is known, and the
 * server's words when it refuses (409 "Consent required", 403, 404 …).
 */
export function useShareDownload() {
  const { token = '' } = useParams();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  // A download that asked for a usage consent: its address and the terms the dialog shows (decision 0031).
  const [consent, setConsent] = useState<{ url: string; details: ConsentRequiredDetails } | null>(null);
  const start = async (url: string) => {
    if (busy) return;
    setBusy(true);
    setProgress(null);
    setError(null);
    try {
      await downloadSharedFile(url, setProgress);
    } catch (failure) {
      const details = consentAskedBy(failure);
      if (details) setConsent({ url, details });
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const accept = async (licenceIds: number[]) => {
    if (!consent) return;
    const grant = await acceptShareConsent(
      token,
      consent.details.assets.map((a) => a.id),
      licenceIds,
    );
    setConsent(null);
    await start(withConsent(consent.url, grant.consent_token));
  };
  return { busy, progress, error, start, clearError: () => setError(null), consent, accept, decline: () => setConsent(null) };
}

/** A busy download's progress bar, and the refusal when there is one. */
export function DownloadStatus({ state, label }: { state: ReturnType<typeof useShareDownload>; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      {state.busy ? (
        <div className="share-download-status" role="status">
          <progress
            className="share-download-status__bar"
            max={1}
            {...(state.progress === null ? {} : { value: state.progress })}
            aria-label={label}
          />
          <span>
            {state.progress === null
              ? t('shareVisitor.download.starting')
              : t('shareVisitor.download.progress', { percent: Math.round(state.progress * 100) })}
          </span>
        </div>
      ) : null}
      {state.error ? (
        <DismissableAlert onDismiss={state.clearError}>{errorMessage(state.error, t('shareVisitor.download.failed'))}</DismissableAlert>
      ) : null}
      <UsageConsentDialog
        isOpen={state.consent !== null}
        details={state.consent?.details ?? null}
        assetCount={state.consent?.details.assets.length ?? 1}
        onAccept={state.accept}
        onDecline={state.decline}
      />
    </>
  );
}

/** "Download all": the link's ZIP (only offered when the link allows originals and there is something to zip). */
export function DownloadAllButton({ zipUrl }: { zipUrl: string | null }) {
  const { t } = useTranslation();
  const download = useShareDownload();
  if (!zipUrl) return null;
  return (
    <div className="share-download-all">
      <Button variant="primary" isPending={download.busy} onPress={() => void download.start(zipUrl)}>
        {t('shareVisitor.download.all')}
      </Button>
      <DownloadStatus state={download} label={t('shareVisitor.download.allProgress')} />
    </div>
  );
}
