import { ACTIVITY_KINDS, type ActivityEntry, type ActivityKind } from '@emblem/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { routeId } from '../../lib/guards';
import { Button, LinkButton } from '../../ui/Button';
import { EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { projectQuery } from '../projects/api';
import { activityQuery } from './api';
import './workflows.css';

const CHECKLIST_ACTIONS = ['add', 'edit', 'tick', 'untick', 'delete', 'reorder', 'preset'] as const;

/** What an entry says happened, from its event type and data. */
export function describe(t: TFunction, entry: ActivityEntry): string {
  const d = entry.data as Record<string, string | number | null | undefined>;
  switch (entry.type) {
    case 'asset:workflow-status':
      return d.from_name
        ? t('workflows.activity.moved', { from: d.from_name, to: d.to_name })
        : t('workflows.activity.movedFirst', { to: d.to_name });
    case 'asset:assign':
      return d.to ? t('workflows.activity.assigned') : t('workflows.activity.unassigned');
    case 'asset:due-date':
      return d.to ? t('workflows.activity.due', { date: formatDate(String(d.to)) }) : t('workflows.activity.dueRemoved');
    case 'asset:checklist': {
      const action = (CHECKLIST_ACTIONS as readonly unknown[]).includes(d.action) ? (d.action as (typeof CHECKLIST_ACTIONS)[number]) : null;
      if (!action) return t('workflows.activity.other', { type: entry.type });
      return t(`workflows.activity.checklist_${action}`, { content: String(d.content ?? ''), count: Number(d.items ?? 0) });
    }
    case 'comment:create':
      return t('workflows.activity.commented');
    case 'comment:reply':
      return t('workflows.activity.replied');
    case 'comment:resolve':
      return t('workflows.activity.resolved');
    case 'asset:create':
    case 'asset:submit':
      return t('workflows.activity.added');
    case 'asset:revision':
      return t('workflows.activity.revision');
    default:
      return t('workflows.activity.other', { type: entry.type });
  }
}

/** /brands/{brandId}/activity/{projectId}: what happened to the project's assets, newest first. */
export function ActivityPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const brandId = routeId(params.brandId);
  const projectId = routeId(params.projectId);
  const [search, setSearch] = useSearchParams();
  const kindParam = search.get('type');
  const kind = (ACTIVITY_KINDS as readonly string[]).includes(kindParam ?? '') ? (kindParam as ActivityKind) : null;
  const project = useQuery(projectQuery(projectId));
  const activity = useInfiniteQuery(activityQuery(projectId, kind));
  const items = activity.data?.pages.flatMap((p) => p.items) ?? [];
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <main className="page activity-page">
      <header className="board-page__head">
        <div>
          <p className="board-page__eyebrow">{project.data?.name}</p>
          <h1>{t('workflows.activity.title')}</h1>
        </div>
        {project.data?.project_type === 'WORKSPACE' ? (
          <LinkButton href={`/brands/${brandId}/workflows/${projectId}`} size="sm">
            {t('workflows.open')}
          </LinkButton>
        ) : null}
      </header>
      <div className="board-filters">
        <SelectField
          label={t('workflows.activity.kind')}
          options={[
            { id: 'all', label: t('workflows.activity.allKinds') },
            ...ACTIVITY_KINDS.map((k) => ({ id: k, label: t(`workflows.activity.kind_${k}`) })),
          ]}
          value={kind ?? 'all'}
          onChange={(value) => setSearch(value === 'all' ? new URLSearchParams() : new URLSearchParams({ type: value }), { replace: true })}
        />
      </div>
      {activity.isError ? (
        <LoadFailedAlert title={t('workflows.activity.loadFailed')} error={activity.error} onRetry={() => void activity.refetch()} />
      ) : null}
      {activity.isPending ? <LoadingState label={t('workflows.activity.loading')} /> : null}
      {activity.data && items.length === 0 ? (
        <EmptyState title={t('workflows.activity.emptyTitle')}>{t('workflows.activity.emptyText')}</EmptyState>
      ) : null}
      {items.length ? (
        <ol className="activity-list">
          {items.map((entry) => (
            <li key={entry.id} className="activity-list__item">
              <span className="activity-list__who">{entry.actor?.name ?? t('workflows.activity.someone')}</span>{' '}
              <span>{describe(t, entry)}</span>
              {entry.asset ? (
                <>
                  {' · '}
                  <Link to={`/brands/${brandId}/projects/${projectId}/assets/${entry.asset.id}`}>{entry.asset.title}</Link>
                </>
              ) : null}
              <time className="activity-list__time" dateTime={entry.created_at}>
                {time.format(new Date(entry.created_at))}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
      {activity.hasNextPage ? (
        <Button onPress={() => void activity.fetchNextPage()} isPending={activity.isFetchingNextPage}>
          {t('workflows.activity.loadMore')}
        </Button>
      ) : null}
    </main>
  );
}
