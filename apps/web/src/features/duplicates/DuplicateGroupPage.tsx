import type { AssetResponse, DuplicateAction, DuplicateGroup } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { formatDate, formatSize } from '../../lib/format';
import { routeId } from '../../lib/guards';
import { Button, LinkButton } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { brandQuery } from '../brands/api';
import { fileIconUrl } from '../library/api';
import { ScreenFailure, useAddressedProject } from '../library/screen';
import type { ProjectContext } from '../projects/api';
import { duplicateGroupQuery, useResolveDuplicates } from './api';
import { groupLabel, type ResolvedState } from './DuplicatesPage';
import './duplicates.css';

/**
 * /brands/{brandId}/projects/{projectId}/duplicate-detection/{groupId} (decision 0042): the assets of one group side
 * by side; editors choose the one to keep, then merge the others into it or delete them (both to the trash).
 */
export function DuplicateGroupPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = routeId(params.projectId);
  const brandId = routeId(params.brandId);
  const project = useAddressedProject(params.brandId, projectId);
  if (project.status === 'failed') return <ScreenFailure error={project.error} title={t('duplicates.failed')} onRetry={project.retry} />;
  if (project.status === 'pending') return <LoadingState label={t('duplicates.group.loading')} />;
  return <GroupView brandId={brandId} project={project.data} groupId={params.groupId ?? ''} />;
}

function GroupView({ brandId, project, groupId }: { brandId: number; project: ProjectContext; groupId: string }) {
  const { t } = useTranslation();
  const base = `/brands/${brandId}/projects/${project.id}`;
  const listHref = `${base}/duplicate-detection`;
  const brand = useQuery({ ...brandQuery(brandId), retry: false });
  const group = useQuery(duplicateGroupQuery(project.id, groupId));
  const gone = group.error instanceof ApiError && (group.error.status === 404 || group.error.status === 400);
  const label = group.data ? groupLabel(t, group.data) : t('duplicates.group.title');

  return (
    <div className="page duplicates">
      <title>{t('page.title', { title: t('duplicates.group.pageTitle', { group: label, project: project.name }) })}</title>
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
              <Link to={listHref}>{t('duplicates.title')}</Link>
            </li>
            <li>
              <span aria-current="page">{label}</span>
            </li>
          </ol>
        </nav>
        <div className="duplicates__title-row">
          <h1>{label}</h1>
          <LinkButton href={listHref}>{t('duplicates.group.back')}</LinkButton>
        </div>
      </header>
      {group.isPending ? (
        <LoadingState label={t('duplicates.group.loading')} />
      ) : gone ? (
        <EmptyState title={t('duplicates.group.goneTitle')} action={<LinkButton href={listHref}>{t('duplicates.group.back')}</LinkButton>}>
          {t('duplicates.group.goneText')}
        </EmptyState>
      ) : group.isError ? (
        <LoadFailedAlert title={t('duplicates.group.loadFailed')} error={group.error} onRetry={() => void group.refetch()} />
      ) : (
        <Resolve key={group.data.id} group={group.data} project={project} base={base} listHref={listHref} />
      )}
    </div>
  );
}

function Facts({ asset }: { asset: AssetResponse }) {
  const { t, i18n } = useTranslation();
  const none = t('duplicates.group.none');
  const rows: [string, string][] = [
    [t('duplicates.group.fileName'), asset.filename ?? none],
    [t('duplicates.group.size'), asset.size === null ? none : formatSize(asset.size)],
    [
      t('duplicates.group.dimensions'),
      asset.width && asset.height ? t('duplicates.group.pixels', { width: asset.width, height: asset.height }) : none,
    ],
    [t('duplicates.group.created'), formatDate(asset.created_at, i18n.language)],
    [t('duplicates.group.uploader'), asset.creator?.name || none],
    [t('duplicates.group.tags'), asset.tags.length > 0 ? asset.tags.map((tag) => tag.value).join(', ') : none],
  ];
  return (
    <dl className="duplicates__facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Resolve({ group, project, base, listHref }: { group: DuplicateGroup; project: ProjectContext; base: string; listHref: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = project.permissions.canEdit;
  const [keep, setKeep] = useState<number>(group.assets[0]?.id ?? 0);
  const [confirm, setConfirm] = useState<DuplicateAction | null>(null);
  const resolve = useResolveDuplicates(project.id, group.id);
  const kept = group.assets.find((a) => a.id === keep);
  const others = group.assets.length - 1;

  const cards = group.assets.map((asset) => (
    <div key={asset.id} className="duplicates__card-body">
      <span className="duplicates__preview">
        <img src={asset.preview_url ?? asset.thumbnail_url ?? fileIconUrl(asset.extension)} alt="" loading="lazy" />
      </span>
      <span className="duplicates__card-title">{asset.title}</span>
      <Facts asset={asset} />
    </div>
  ));

  return (
    <>
      {canEdit ? (
        <RadioGroup className="duplicates__choice" value={String(keep)} onChange={(value) => setKeep(Number(value))}>
          <Label className="duplicates__choice-label">{t('duplicates.group.keepLabel')}</Label>
          <div className="duplicates__cards">
            {group.assets.map((asset, i) => (
              <div key={asset.id} className={`duplicates__card${asset.id === keep ? ' duplicates__card--kept' : ''}`}>
                <Radio value={String(asset.id)} className="duplicates__keep">
                  <span className="duplicates__dot" aria-hidden="true" />
                  {asset.id === keep ? t('duplicates.group.kept') : t('duplicates.group.keepShort')}
                  <span className="visually-hidden"> {asset.title}</span>
                </Radio>
                {cards[i]}
              </div>
            ))}
          </div>
        </RadioGroup>
      ) : (
        <>
          <Alert tone="info">{t('duplicates.group.editorsOnly')}</Alert>
          <ul className="duplicates__cards duplicates__cards--plain" aria-label={t('duplicates.group.assetsLabel')}>
            {group.assets.map((asset, i) => (
              <li key={asset.id} className="duplicates__card">
                {cards[i]}
              </li>
            ))}
          </ul>
        </>
      )}
      <ul className="duplicates__links">
        {group.assets.map((asset) => (
          <li key={asset.id}>
            <Link to={`${base}/assets/${asset.id}`}>{t('duplicates.group.open', { title: asset.title })}</Link>
          </li>
        ))}
      </ul>
      {canEdit ? (
        <div className="duplicates__actions">
          <Button variant="primary" isDisabled={!kept} onPress={() => setConfirm('merge')}>
            {t('duplicates.group.merge')}
          </Button>
          <Button variant="danger" isDisabled={!kept} onPress={() => setConfirm('delete')}>
            {t('duplicates.group.delete')}
          </Button>
        </div>
      ) : null}
      {confirm && kept ? (
        <AppDialog
          title={t(confirm === 'merge' ? 'duplicates.confirm.mergeTitle' : 'duplicates.confirm.deleteTitle')}
          isOpen
          onOpenChange={(open) => !open && setConfirm(null)}
          role="alertdialog"
          isDismissable={!resolve.busy}
          size="sm"
        >
          <p>
            {t(confirm === 'merge' ? 'duplicates.confirm.mergeText' : 'duplicates.confirm.deleteText', {
              title: kept.title,
              count: others,
            })}
          </p>
          <p>{t('duplicates.confirm.trash', { count: others })}</p>
          {resolve.failure ? <Alert>{resolve.failure}</Alert> : null}
          <ConfirmDialogActions
            cancelLabel={t('common.cancel')}
            confirmLabel={
              resolve.busy
                ? t('duplicates.confirm.working')
                : t(confirm === 'merge' ? 'duplicates.confirm.merge' : 'duplicates.confirm.delete', { count: others })
            }
            busy={resolve.busy}
            onConfirm={() =>
              resolve.mutate(
                { keep_asset_id: kept.id, action: confirm },
                {
                  onSuccess: (result) => {
                    const state: ResolvedState = {
                      resolved: t(result.action === 'merge' ? 'duplicates.resolvedMerge' : 'duplicates.resolvedDelete', {
                        title: kept.title,
                        count: result.trashed_asset_ids.length,
                      }),
                    };
                    void navigate(listHref, { state });
                  },
                },
              )
            }
          />
        </AppDialog>
      ) : null}
    </>
  );
}
