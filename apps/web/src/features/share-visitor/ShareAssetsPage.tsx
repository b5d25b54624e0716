import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState, LoadingState } from '../../ui/Feedback';
import { shareAssetsQuery } from './api';
import { routeIdOrNull } from './ids';
import { DownloadAllButton, LoadMore, ShareAssetGrid } from './parts';
import { ShareLoadError, ShareNotFound, useShareLink } from './ShareLink';

/** The collection a collection link shows, or null when the address names another one. */
export function useSharedCollectionId(): number | null {
  const { link } = useShareLink();
  const collectionId = routeIdOrNull(useParams().collectionId);
  const payload = link.token_payload as { collection_id?: number };
  return link.type === 'collection' && collectionId !== null && payload.collection_id === collectionId ? collectionId : null;
}

/** /share/{token}/collections/{collectionId}: the collection's name, description and assets. */
export function ShareCollectionPage() {
  const collectionId = useSharedCollectionId();
  const { token } = useShareLink();
  if (collectionId === null) return <ShareNotFound />;
  return <AssetList hrefOf={(id) => `/share/${encodeURIComponent(token)}/collections/${collectionId}/assets/${id}`} />;
}

/** /share/{token}/assets: the assets of an asset link that shares several. */
export function ShareAssetLinkPage() {
  const { token, link } = useShareLink();
  if (link.type !== 'asset') return <ShareNotFound />;
  return <AssetList hrefOf={(id) => `/share/${encodeURIComponent(token)}/assets/${id}`} />;
}

function AssetList({ hrefOf }: { hrefOf: (id: number) => string }) {
  const { t } = useTranslation();
  const { token, link } = useShareLink();
  const query = useInfiniteQuery(shareAssetsQuery(token));
  if (query.isPending) return <LoadingState label={t('shareVisitor.assets.loading')} />;
  if (query.isError && !query.data)
    return <ShareLoadError error={query.error} title={t('shareVisitor.assets.loadFailed')} onRetry={() => void query.refetch()} />;
  const [first] = query.data.pages;
  if (!first) return null;
  const assets = query.data.pages.flatMap((p) => p.assets);
  const last = query.data.pages[query.data.pages.length - 1] ?? first;
  const collection = link.type === 'collection';
  const title = first.title || (collection ? t('shareVisitor.assets.untitledCollection') : t('shareVisitor.assets.sharedAssets'));
  return (
    <>
      <title>{t('page.title', { title })}</title>
      <header className="share-header">
        <div>
          <p className="share-header__eyebrow">
            {collection ? t('shareVisitor.assets.collectionEyebrow') : t('shareVisitor.assets.assetsEyebrow')}
          </p>
          <h1 className="share-visitor__title">{title}</h1>
          {first.description ? <p className="share-header__description">{first.description}</p> : null}
        </div>
        <DownloadAllButton zipUrl={first.zip_url} />
      </header>
      {first.download === 'NONE' ? <p className="share-visitor__note">{t('shareVisitor.viewOnly')}</p> : null}
      {first.download === 'PREVIEW' ? <p className="share-visitor__note">{t('shareVisitor.previewsOnly')}</p> : null}
      {assets.length === 0 ? (
        <EmptyState title={t('shareVisitor.assets.emptyTitle')}>{t('shareVisitor.assets.emptyText')}</EmptyState>
      ) : (
        <ShareAssetGrid assets={assets} hrefOf={hrefOf} label={t('shareVisitor.assetsOf', { name: title })} />
      )}
      <LoadMore
        shown={assets.length}
        total={last.total}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
      {query.isError ? (
        <ShareLoadError error={query.error} title={t('shareVisitor.assets.loadFailed')} onRetry={() => void query.fetchNextPage()} />
      ) : null}
    </>
  );
}
