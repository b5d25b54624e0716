import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routeId } from '../../lib/guards';
import { useAppNavigate } from '../../lib/navigation';
import { Button, LinkButton } from '../../ui/Button';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { brandQuery } from '../brands/api';
import { Thumbnail } from '../library/AssetGrid';
import type { Asset } from '../library/api';
import { ScreenFailure, useAddressedProject } from '../library/screen';
import type { ProjectContext } from '../projects/api';
import { ShareButton } from '../shares/ShareDialog';
import { useCanShare } from '../shares/useCanShare';
import { type Collection, collectionAssetsQuery, collectionQuery, projectCollectionsQuery } from './api';
import { CollectionFormDialog, DeleteCollectionDialog } from './CollectionDialogs';
import { useAddToCollection, useRemoveFromCollection } from './mutations';

/**
 * /brands/{brandId}/projects/{projectId}/collections/{collectionId?}: the library's collections, or one collection
 * with its assets (decision 0029).
 */
export function CollectionsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = routeId(params.projectId);
  const brandId = routeId(params.brandId);
  const collectionId = params.collectionId ? routeId(params.collectionId) : null;
  const project = useAddressedProject(params.brandId, projectId);
  if (project.status === 'failed') return <ScreenFailure error={project.error} title={t('library.failed')} onRetry={project.retry} />;
  if (project.status === 'pending') return <LoadingState label={t('collections.loading')} />;
  return collectionId === null ? (
    <CollectionList brandId={brandId} project={project.data} />
  ) : (
    <CollectionView key={collectionId} brandId={brandId} project={project.data} collectionId={collectionId} />
  );
}

function Crumbs({ brandId, project, current }: { brandId: number; project: ProjectContext; current?: string }) {
  const { t } = useTranslation();
  const brand = useQuery({ ...brandQuery(brandId), retry: false });
  const base = `/brands/${brandId}/projects/${project.id}`;
  return (
    <nav aria-label={t('library.breadcrumbs')} className="breadcrumbs">
      <ol>
        <li>
          <Link to={`/brands/${brandId}`}>{brand.data?.name ?? t('library.brand')}</Link>
        </li>
        <li>
          <Link to={base}>{project.name}</Link>
        </li>
        <li>
          {current ? (
            <Link to={`${base}/collections`}>{t('collections.title')}</Link>
          ) : (
            <span aria-current="page">{t('collections.title')}</span>
          )}
        </li>
        {current ? (
          <li>
            <span aria-current="page">{current}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

/** Up to four covers in a 2×2 grid, or the empty look. */
function Covers({ collection }: { collection: Collection }) {
  const covers = collection.covers.slice(0, 4);
  return (
    <span className={`collection-card__covers collection-card__covers--${Math.max(1, covers.length)}`} aria-hidden="true">
      {covers.length === 0 ? <span className="collection-card__empty" /> : null}
      {covers.map((c) =>
        c.preview_url ? (
          <img key={c.id} src={c.preview_url} alt="" loading="lazy" decoding="async" />
        ) : (
          <span key={c.id} className="collection-card__blank" />
        ),
      )}
    </span>
  );
}

function CollectionList({ brandId, project }: { brandId: number; project: ProjectContext }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const base = `/brands/${brandId}/projects/${project.id}`;
  const collections = useQuery(projectCollectionsQuery(project.id));
  const [creating, setCreating] = useState(false);
  const canEdit = project.permissions.canEdit;

  return (
    <div className="page collections">
      <title>{t('page.title', { title: t('collections.pageTitle', { project: project.name }) })}</title>
      <header className="collections__header">
        <Crumbs brandId={brandId} project={project} />
        <div className="collections__title-row">
          <h1>{t('collections.title')}</h1>
          <div className="collections__actions">
            <LinkButton href={base}>{t('collections.backToLibrary')}</LinkButton>
            {canEdit ? (
              <Button variant="primary" onPress={() => setCreating(true)}>
                {t('collections.new')}
              </Button>
            ) : null}
          </div>
        </div>
        <p className="collections__intro">{t('collections.intro')}</p>
      </header>
      {collections.isPending ? (
        <LoadingState label={t('collections.loading')} />
      ) : collections.isError ? (
        <LoadFailedAlert title={t('collections.loadFailed')} error={collections.error} onRetry={() => void collections.refetch()} />
      ) : collections.data.length === 0 ? (
        <EmptyState
          title={t('collections.emptyTitle')}
          action={
            canEdit ? (
              <Button variant="primary" onPress={() => setCreating(true)}>
                {t('collections.new')}
              </Button>
            ) : undefined
          }
        >
          {canEdit ? t('collections.emptyEditor') : t('collections.emptyViewer')}
        </EmptyState>
      ) : (
        <ul className="collection-cards" aria-label={t('collections.listLabel')}>
          {collections.data.map((c) => (
            <li key={c.id}>
              <Link className="collection-card" to={`${base}/collections/${c.id}`}>
                <Covers collection={c} />
                <span className="collection-card__name">{c.name}</span>
                <span className="collection-card__count">{t('collections.assetCount', { count: c.asset_count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {creating ? (
        <CollectionFormDialog
          projectId={project.id}
          isOpen
          onOpenChange={setCreating}
          onSaved={(created) => navigate(`${base}/collections/${created.id}`)}
        />
      ) : null}
    </div>
  );
}

function CollectionView({ brandId, project, collectionId }: { brandId: number; project: ProjectContext; collectionId: number }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const base = `/brands/${brandId}/projects/${project.id}`;
  const collection = useQuery(collectionQuery(collectionId));
  const assets = useInfiniteQuery(collectionAssetsQuery(collectionId));
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [status, setStatus] = useState('');
  // Whether the account and the library allow sharing; the collection's own level is checked below.
  const sharingOffered = useCanShare(project, true);
  const remove = useRemoveFromCollection(collectionId);
  const move = useAddToCollection();

  if (collection.isError)
    return <ScreenFailure error={collection.error} title={t('collections.loadFailed')} onRetry={() => void collection.refetch()} />;
  if (!collection.data) return <LoadingState label={t('collections.loading')} />;
  const c = collection.data;
  // The collection must belong to the library in the address, as a folder must.
  if (c.project_id !== project.id) return <ScreenFailure error={new Response(null, { status: 404 })} title={t('collections.loadFailed')} />;
  const items: Asset[] = assets.data?.pages.flatMap((p) => p.items) ?? [];
  const canEdit = c.permissions.canEdit;

  const moveTo = (asset: Asset, position: number) =>
    move.mutate(
      { collection: c, assetIds: [asset.id], position },
      { onSuccess: () => setStatus(t('collections.moved', { title: asset.title, position: position + 1 })) },
    );
  const removeOne = (asset: Asset) =>
    remove.mutate([asset.id], { onSuccess: () => setStatus(t('collections.removed', { title: asset.title })) });

  return (
    <div className="page collections">
      <title>{t('page.title', { title: c.name })}</title>
      <header className="collections__header">
        <Crumbs brandId={brandId} project={project} current={c.name} />
        <div className="collections__title-row">
          <h1>{c.name}</h1>
          {canEdit ? (
            <div className="collections__actions">
              <Button onPress={() => setDialog('edit')}>{t('collections.edit')}</Button>
              {sharingOffered ? (
                <ShareButton target={{ type: 'collection', projectId: project.id, collectionId: c.id }} name={c.name} size="md" />
              ) : null}
              <MenuTrigger>
                <Button aria-label={t('collections.moreActions')}>
                  {t('library.more')}
                  <span aria-hidden="true">▾</span>
                </Button>
                <Popover className="menu-popover" placement="bottom end">
                  <Menu className="menu" onAction={(key) => key === 'delete' && setDialog('delete')}>
                    <MenuItem id="delete" className="menu__item menu__item--danger">
                      {t('collections.delete')}
                    </MenuItem>
                  </Menu>
                </Popover>
              </MenuTrigger>
            </div>
          ) : null}
        </div>
        {c.description ? <p className="collections__intro">{c.description}</p> : null}
        <p className="collections__count">{t('collections.assetCount', { count: c.asset_count })}</p>
      </header>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {remove.failure ? <Alert>{remove.failure}</Alert> : null}
      {move.failure ? <Alert>{move.failure}</Alert> : null}
      {assets.isPending ? (
        <LoadingState label={t('collections.loadingAssets')} />
      ) : assets.isError ? (
        <LoadFailedAlert title={t('collections.loadFailed')} error={assets.error} onRetry={() => void assets.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('collections.noAssetsTitle')} action={<LinkButton href={base}>{t('collections.backToLibrary')}</LinkButton>}>
          {t('collections.noAssetsText')}
        </EmptyState>
      ) : (
        <ul className="collection-assets" aria-label={t('collections.assetsLabel', { name: c.name })}>
          {items.map((asset, index) => (
            <li key={asset.id} className="collection-asset">
              <Link className="collection-asset__link" to={`/brands/${brandId}/projects/${asset.project_id}/assets/${asset.id}`}>
                <span className="collection-asset__thumb">
                  <Thumbnail asset={asset} />
                </span>
                <span className="collection-asset__title">{asset.title}</span>
              </Link>
              {canEdit ? (
                <MenuTrigger>
                  <Button size="sm" className="collection-asset__menu" aria-label={t('collections.assetActions', { title: asset.title })}>
                    <span aria-hidden="true">⋯</span>
                  </Button>
                  <Popover className="menu-popover" placement="bottom end">
                    <Menu
                      className="menu"
                      disabledKeys={[...(index === 0 ? ['first', 'earlier'] : []), ...(index === items.length - 1 ? ['later'] : [])]}
                      onAction={(key) => {
                        if (key === 'first') moveTo(asset, 0);
                        if (key === 'earlier') moveTo(asset, index - 1);
                        if (key === 'later') moveTo(asset, index + 1);
                        if (key === 'remove') removeOne(asset);
                      }}
                    >
                      <MenuItem id="first" className="menu__item">
                        {t('collections.moveFirst')}
                      </MenuItem>
                      <MenuItem id="earlier" className="menu__item">
                        {t('collections.moveEarlier')}
                      </MenuItem>
                      <MenuItem id="later" className="menu__item">
                        {t('collections.moveLater')}
                      </MenuItem>
                      <MenuItem id="remove" className="menu__item">
                        {t('collections.remove')}
                      </MenuItem>
                    </Menu>
                  </Popover>
                </MenuTrigger>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {assets.hasNextPage ? (
        <div className="collections__more">
          <Button onPress={() => void assets.fetchNextPage()} isPending={assets.isFetchingNextPage}>
            {t('collections.loadMore')}
          </Button>
        </div>
      ) : null}
      {dialog === 'edit' ? (
        <CollectionFormDialog projectId={project.id} collection={c} isOpen onOpenChange={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteCollectionDialog
          collection={c}
          isOpen
          onOpenChange={() => setDialog(null)}
          onDeleted={() => navigate(`${base}/collections`)}
        />
      ) : null}
    </div>
  );
}
