import { APPROVAL_RESULTS, APPROVAL_VOTES, type ApprovalResult, type ApprovalVote, type AuditTrailEntry } from '@emblem/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routeId } from '../../lib/guards';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { screenDataQuery } from '../viewer/api';
import { auditTrailQuery } from './api';
import './approvals.css';

/** An event type as an i18n key segment (`asset:workflow-status` → `asset_workflow_status`). */
export const typeKey = (type: string) => type.replace(/[^a-z0-9]/gi, '_');

/** Values an entry's sentence may name, as text; an approval's vote and result in words. */
function detailsOf(entry: AuditTrailEntry, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry.data))
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  if (out.vote && (APPROVAL_VOTES as readonly string[]).includes(out.vote)) out.vote = t(`approvals.vote.${out.vote as ApprovalVote}`);
  if (out.result && (APPROVAL_RESULTS as readonly string[]).includes(out.result))
    out.result = t(`approvals.result.${out.result as ApprovalResult}`);
  return out;
}

/**
 * …/assets/{assetId}/asset-audit-trail: every event about the asset, newest first, with who and when (decision
 * 0049); older entries load with "Load more".
 */
export function AuditTrailPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const assetId = routeId(params.assetId);
  const assetHref = `/brands/${params.brandId}/projects/${params.projectId}/assets/${assetId}`;
  const screen = useQuery(screenDataQuery(assetId));
  const trail = useInfiniteQuery(auditTrailQuery(assetId));
  const entries = trail.data?.pages.flatMap((p) => p.entries) ?? [];
  const title = screen.data?.asset.title || t('library.untitled');
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <main className="audit-trail">
      <title>{t('page.title', { title: t('approvals.trail.pageTitle', { title }) })}</title>
      <Link to={assetHref}>
        <span aria-hidden="true">←</span> {t('approvals.trail.back', { title })}
      </Link>
      <h1>{t('approvals.trail.title', { title })}</h1>
      {trail.isPending ? (
        <LoadingState label={t('approvals.trail.loading')} />
      ) : trail.isError && entries.length === 0 ? (
        <LoadFailedAlert title={t('approvals.trail.failed')} error={trail.error} onRetry={() => void trail.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title={t('approvals.trail.empty')}>{t('approvals.trail.emptyHint')}</EmptyState>
      ) : (
        <ol className="audit-trail__list" aria-label={t('approvals.trail.listLabel')}>
          {entries.map((e) => (
            <li key={e.id} className="audit-trail__entry">
              <time className="audit-trail__time" dateTime={e.created_at}>
                {time(e.created_at)}
              </time>
              <span>
                <strong>{e.actor?.name ?? t(e.actor ? 'approvals.someone' : 'approvals.trail.system')}</strong>{' '}
                {t(`approvals.trail.type.${typeKey(e.type)}`, {
                  defaultValue: t('approvals.trail.other', { type: e.type }),
                  ...detailsOf(e, t),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
      {trail.hasNextPage ? (
        <Button onPress={() => void trail.fetchNextPage()} isPending={trail.isFetchingNextPage}>
          {trail.isFetchingNextPage ? t('approvals.trail.loadingMore') : t('approvals.trail.more')}
        </Button>
      ) : null}
    </main>
  );
}
