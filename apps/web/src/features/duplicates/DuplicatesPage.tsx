import type { DuplicateGroup } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { routeId } from '../../lib/guards';
import { Button, LinkButton } from '../../ui/Button';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { brandQuery } from '../brands/api';
import { fileIconUrl } from '../library/api';
import { ScreenFailure, useAddressedProject } from '../library/screen';
import type { ProjectContext } from '../projects/api';
import { duplicatesPageQuery } from './api';
import './duplicates.css';

/** Thumbnails shown per group in the list; the rest are counted. */
const THUMBS = 6;

/** What the group page hands back after a resolution, shown once as a status message. */
export interface ResolvedState {
  resolved?: string;
}

/**
 * /brands/{brandId}/projects/{projectId}/duplicate-detection (routes-access-shell.md §2.3, decision 0042): the
 * library's groups of exact copies and similar images, a page at a time; each opens its group page.
 */
export function DuplicatesPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = routeId(params.projectId);
  const brandId = routeId(params.brandId);
  const project = useAddressedProject(params.brandId, projectId);
  if (project.status === 'failed') return <ScreenFailure error={project.error} title={t('duplicates.failed')} onRetry={project.retry} />;
  if (project.status === 'pending') return <LoadingState label={t('duplicates.loading')} />;
  return <DuplicatesView brandId={brandId} project={project.data} />;
}

export function groupLabel(t: TFunction, group: Pick<DuplicateGroup, 'kind' | 'assets'>) {
  return t(group.kind === 'EXACT' ? 'duplicates.kind.exact' : 'duplicates.kind.similar', { count: group.assets.length });
}

function DuplicatesView({ brandId, project }: { brandId: number; project: ProjectContext }) {
  const { t } = useTranslation();
  const base = `/brands/${brandId}/projects/${project.id}`;
  const location = useLocation();
  const resolved = (location.state as ResolvedState | null)?.resolved ?? '';
  const brand = useQuery({ ...brandQuery(brandId), retry: false });
  // The cursors of the pages seen so far: the first page has none.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useQuery(duplicatesPageQuery(project.id, cursor));
  const groups = page.data?.groups ?? [];

  return (
    <div className="page duplicates">
      <title>{t('page.title', { title: t('duplicates.pageTitle', { project: project.name }) })}</title>
      <header className="duplicates__header">
        <nav aria-label={t('duplicates.breadcrumbs')} className="breadcrumbs">
          <ol>
            <li>
              <Link to={`/brands/${brandId}`}>{brand.data?.name ?? t('duplicates.brand')}</Link>
            </li>
            <li>
              <Link to={base}>{project.name}</Link>
            </li>
            <li>
              <span aria-current="page">{t('duplicates.title')}</span>
            </li>
          </ol>
        </nav>
        <div className="duplicates__title-row">
          <h1>{t('duplicates.title')}</h1>
          <LinkButton href={base}>{t('duplicates.back')}</LinkButton>
        </div>
        <p className="duplicates__intro">{t('duplicates.intro')}</p>
      </header>
      {resolved ? <Alert tone="success">{resolved}</Alert> : null}
      {page.isPending ? (
        <LoadingState label={t('duplicates.loading')} />
      ) : page.isError ? (
        <LoadFailedAlert title={t('duplicates.loadFailed')} error={page.error} onRetry={() => void page.refetch()} />
      ) : groups.length === 0 && cursors.length === 1 ? (
        <EmptyState title={t('duplicates.emptyTitle')} action={<LinkButton href={base}>{t('duplicates.back')}</LinkButton>}>
          {t('duplicates.emptyText')}
        </EmptyState>
      ) : (
        <>
          <p className="duplicates__count">{t('duplicates.total', { count: page.data.total })}</p>
          <ul className="duplicates__list" aria-label={t('duplicates.listLabel')}>
            {groups.map((group) => (
              <li key={group.id} className="duplicates__group">
                <Link className="duplicates__group-link" to={`${base}/duplicate-detection/${group.id}`}>
                  <span className="duplicates__group-name">{groupLabel(t, group)}</span>
                  <span className="duplicates__group-titles">{group.assets.map((a) => a.title).join(', ')}</span>
                </Link>
                <div className="duplicates__thumbs" aria-hidden="true">
                  {group.assets.slice(0, THUMBS).map((a) => (
                    <img key={a.id} src={a.thumbnail_url ?? a.preview_url ?? fileIconUrl(a.extension)} alt="" loading="lazy" />
                  ))}
                  {group.assets.length > THUMBS ? (
                    <span className="duplicates__more">{t('duplicates.more', { count: group.assets.length - THUMBS })}</span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          {cursors.length > 1 || page.data.next_cursor ? (
            <nav className="duplicates__paging" aria-label={t('duplicates.paging')}>
              <Button isDisabled={cursors.length === 1} onPress={() => setCursors((list) => list.slice(0, -1))}>
                {t('duplicates.previous')}
              </Button>
              <span>{t('duplicates.pageNumber', { page: cursors.length })}</span>
              <Button
                isDisabled={!page.data.next_cursor}
                onPress={() => {
                  const next = page.data.next_cursor;
                  if (next) setCursors((list) => [...list, next]);
                }}
              >
                {t('duplicates.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
