import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, LoadingState } from '../../ui/Feedback';
import { shareFolderQuery } from './api';
import { routeIdOrNull } from './ids';
import { DownloadAllButton, LoadMore, ShareAssetGrid } from './parts';
import { ShareLoadError, ShareNotFound, useShareLink } from './ShareLink';

/**
 * /share/{token}/folders/{folderId}: a folder of a folder link. Breadcrumbs from the shared folder down (never
 * above), its sub-folders, its assets page by page, and "Download all" when the link offers a ZIP.
 */
export function ShareFolderPage() {
  const { link } = useShareLink();
  const folderId = routeIdOrNull(useParams().folderId);
  if (link.type !== 'folder' || folderId === null) return <ShareNotFound />;
  return <FolderContents key={folderId} folderId={folderId} />;
}

function FolderContents({ folderId }: { folderId: number }) {
  const { t } = useTranslation();
  const { token } = useShareLink();
  const base = `/share/${encodeURIComponent(token)}`;
  const query = useInfiniteQuery(shareFolderQuery(token, folderId));
  if (query.isPending) return <LoadingState label={t('shareVisitor.folder.loading')} />;
  if (query.isError && !query.data)
    return <ShareLoadError error={query.error} title={t('shareVisitor.folder.loadFailed')} onRetry={() => void query.refetch()} />;
  const [first] = query.data.pages;
  if (!first) return null;
  const assets = query.data.pages.flatMap((p) => p.assets);
  const last = query.data.pages[query.data.pages.length - 1] ?? first;
  const empty = first.folders.length === 0 && last.total === 0;
  return (
    <>
      <title>{t('page.title', { title: first.folder.name })}</title>
      <nav className="share-breadcrumbs" aria-label={t('shareVisitor.folder.breadcrumbs')}>
        <ol>
          {first.breadcrumbs.map((crumb, index) => (
            <li key={crumb.id}>
              {index === first.breadcrumbs.length - 1 ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <Link to={`${base}/folders/${crumb.id}`}>{crumb.name}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <header className="share-header">
        <div>
          <p className="share-header__eyebrow">{t('shareVisitor.folder.eyebrow')}</p>
          <h1 className="share-visitor__title">{first.folder.name}</h1>
        </div>
        <DownloadAllButton zipUrl={first.zip_url} />
      </header>
      {first.download === 'NONE' ? <p className="share-visitor__note">{t('shareVisitor.viewOnly')}</p> : null}
      {first.download === 'PREVIEW' ? <p className="share-visitor__note">{t('shareVisitor.previewsOnly')}</p> : null}
      {empty ? <EmptyState title={t('shareVisitor.folder.emptyTitle')}>{t('shareVisitor.folder.emptyText')}</EmptyState> : null}
      {first.folders.length > 0 ? (
        <section className="share-section" aria-labelledby="share-folders-heading">
          <h2 id="share-folders-heading" className="share-section__title">
            {t('shareVisitor.folder.folders')}
          </h2>
          <ul className="share-folders">
            {first.folders.map((folder) => (
              <li key={folder.id}>
                <Link className="share-folder" to={`${base}/folders/${folder.id}`}>
                  <span className="share-folder__icon" aria-hidden="true">
                    ▰
                  </span>
                  <span className="share-folder__name">{folder.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {assets.length > 0 ? (
        <section className="share-section" aria-labelledby="share-assets-heading">
          <h2 id="share-assets-heading" className="share-section__title">
            {t('shareVisitor.assetsHeading')}
          </h2>
          <ShareAssetGrid
            assets={assets}
            hrefOf={(id) => `${base}/folders/${folderId}/assets/${id}`}
            label={t('shareVisitor.assetsOf', { name: first.folder.name })}
          />
        </section>
      ) : first.folders.length > 0 ? (
        <p className="share-visitor__note">{t('shareVisitor.folder.onlyFolders')}</p>
      ) : null}
      <LoadMore
        shown={assets.length}
        total={last.total}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
      {query.isError ? (
        <ShareLoadError error={query.error} title={t('shareVisitor.folder.loadFailed')} onRetry={() => void query.fetchNextPage()} />
      ) : null}
    </>
  );
}
