import type { ShareVisitorAsset } from '@emblem/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatSize } from '../../lib/format';
import { isShortcutBlocked } from '../../lib/keyboard';
import { useAppNavigate } from '../../lib/navigation';
import { Button, LinkButton } from '../../ui/Button';
import { LoadingState } from '../../ui/Feedback';
import { shareAssetQuery, shareAssetsQuery, shareFolderQuery } from './api';
import { routeIdOrNull } from './ids';
import { DownloadStatus, useShareDownload } from './parts';
import { useSharedCollectionId } from './ShareAssetsPage';
import { ShareLoadError, ShareNotFound, useShareLink } from './ShareLink';
// The menu styles (.menu, .menu__item) live with the library's shared styles.
import '../library/shared.css';

type Place = { kind: 'folder'; folderId: number } | { kind: 'collection'; collectionId: number } | { kind: 'asset'; several: boolean };

/**
 * The visitor's viewer: /share/{token}/folders/{folderId}/assets/{assetId}, …/collections/{collectionId}/assets/{assetId}
 * and …/assets/{assetId}. A large preview, title, size and dimensions, previous and next (buttons, ← and →), the
 * downloads the link permits, and Escape or "back" to the grid.
 */
export function ShareViewerPage() {
  const { link } = useShareLink();
  const params = useParams();
  const assetId = routeIdOrNull(params.assetId);
  const collectionId = useSharedCollectionId();
  let place: Place | null = null;
  if (params.folderId !== undefined) {
    const folderId = routeIdOrNull(params.folderId);
    place = link.type === 'folder' && folderId !== null ? { kind: 'folder', folderId } : null;
  } else if (params.collectionId !== undefined) {
    place = collectionId !== null ? { kind: 'collection', collectionId } : null;
  } else if (link.type === 'asset') {
    const ids = (link.token_payload as { asset_ids?: number[] }).asset_ids ?? [];
    place = { kind: 'asset', several: ids.length > 1 };
  }
  if (place === null || assetId === null) return <ShareNotFound />;
  return <Viewer key={assetId} place={place} assetId={assetId} />;
}

function Viewer({ place, assetId }: { place: Place; assetId: number }) {
  const { t } = useTranslation();
  const { token } = useShareLink();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const base = `/share/${encodeURIComponent(token)}`;
  const folderId = place.kind === 'folder' ? place.folderId : 0;
  const folderList = useInfiniteQuery({ ...shareFolderQuery(token, folderId), enabled: place.kind === 'folder' });
  const assetList = useInfiniteQuery({
    ...shareAssetsQuery(token),
    enabled: place.kind === 'collection' || (place.kind === 'asset' && place.several),
  });
  const list = place.kind === 'folder' ? folderList : assetList;
  const listed = list.data?.pages.flatMap((p) => p.assets) ?? [];
  const index = listed.findIndex((a) => a.id === assetId);
  const detail = useQuery(shareAssetQuery(token, assetId));

  // The neighbours of an asset on the last loaded page (or one not loaded yet) are on the next page.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const needsMore = list.isSuccess && hasNextPage && !isFetchingNextPage && (index === -1 || index === listed.length - 1);
  useEffect(() => {
    if (needsMore) void fetchNextPage();
  }, [needsMore, fetchNextPage]);

  const hrefOf = (id: number) =>
    place.kind === 'folder'
      ? `${base}/folders/${place.folderId}/assets/${id}`
      : place.kind === 'collection'
        ? `${base}/collections/${place.collectionId}/assets/${id}`
        : `${base}/assets/${id}`;
  const backHref =
    place.kind === 'folder'
      ? `${base}/folders/${place.folderId}`
      : place.kind === 'collection'
        ? `${base}/collections/${place.collectionId}`
        : place.several
          ? `${base}/assets`
          : null;
  const previous = index > 0 ? listed[index - 1] : undefined;
  const next = index >= 0 ? listed[index + 1] : undefined;
  const previousHref = previous ? hrefOf(previous.id) : null;
  const nextHref = next ? hrefOf(next.id) : null;

  // The neighbours load ahead, so paging shows each at once.
  useEffect(() => {
    for (const neighbour of [previous, next]) if (neighbour) void queryClient.prefetchQuery(shareAssetQuery(token, neighbour.id));
  }, [queryClient, token, previous, next]);

  // ← previous, → next, Escape back to the grid.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isShortcutBlocked(event)) return;
      let to: string | null = null;
      if (event.key === 'ArrowLeft') to = previousHref;
      else if (event.key === 'ArrowRight') to = nextHref;
      else if (event.key === 'Escape') to = backHref;
      if (!to) return;
      event.preventDefault();
      navigate(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [previousHref, nextHref, backHref, navigate]);

  const asset = detail.data ?? (index >= 0 ? listed[index] : undefined);
  // A refusal of the asset itself wins over what a list loaded earlier said (locked again, no longer shown).
  if (detail.isError)
    return <ShareLoadError error={detail.error} title={t('shareVisitor.viewer.loadFailed')} onRetry={() => void detail.refetch()} />;
  if (!asset) return <LoadingState label={t('shareVisitor.viewer.loading')} />;
  const title = asset.title || t('shareVisitor.untitled');
  return (
    <div className="share-viewer">
      <title>{t('page.title', { title })}</title>
      <header className="share-viewer__bar">
        {backHref ? (
          <Link className="share-viewer__back" to={backHref} aria-keyshortcuts="Escape">
            <span aria-hidden="true">←</span> {t('shareVisitor.viewer.back')}
          </Link>
        ) : null}
        <h1 className="share-viewer__title">{title}</h1>
        <div className="share-viewer__tools">
          {list.data ? (
            <nav className="share-viewer__nav" aria-label={t('shareVisitor.viewer.neighbours')}>
              {previousHref ? (
                <LinkButton size="sm" href={previousHref} aria-keyshortcuts="ArrowLeft">
                  <span aria-hidden="true">‹</span> {t('shareVisitor.viewer.previous')}
                </LinkButton>
              ) : (
                <Button size="sm" isDisabled>
                  <span aria-hidden="true">‹</span> {t('shareVisitor.viewer.previous')}
                </Button>
              )}
              {nextHref ? (
                <LinkButton size="sm" href={nextHref} aria-keyshortcuts="ArrowRight">
                  {t('shareVisitor.viewer.next')} <span aria-hidden="true">›</span>
                </LinkButton>
              ) : (
                <Button size="sm" isDisabled>
                  {t('shareVisitor.viewer.next')} <span aria-hidden="true">›</span>
                </Button>
              )}
            </nav>
          ) : null}
          <ShareDownloadMenu asset={asset} />
        </div>
      </header>
      {list.data ? (
        <p className="share-viewer__hint">{t(backHref ? 'shareVisitor.viewer.keysWithBack' : 'shareVisitor.viewer.keys')}</p>
      ) : null}
      <div className="share-viewer__body">
        <div className="share-viewer__stage">
          {asset.preview_url ? (
            <img className="share-viewer__image" src={asset.preview_url} alt={title} />
          ) : (
            <div className="share-viewer__placeholder">
              <span className="share-tile__type" aria-hidden="true">
                {asset.extension?.toUpperCase() ?? ''}
              </span>
              <p>{t('shareVisitor.viewer.noPreview')}</p>
            </div>
          )}
        </div>
        <aside className="share-viewer__side" aria-label={t('shareVisitor.viewer.details')}>
          <dl className="share-facts">
            {asset.extension ? (
              <>
                <dt>{t('shareVisitor.viewer.type')}</dt>
                <dd>{asset.extension.toUpperCase()}</dd>
              </>
            ) : null}
            {asset.size !== null ? (
              <>
                <dt>{t('shareVisitor.viewer.size')}</dt>
                <dd>{formatSize(asset.size)}</dd>
              </>
            ) : null}
            {asset.width && asset.height ? (
              <>
                <dt>{t('shareVisitor.viewer.dimensions')}</dt>
                <dd>{t('shareVisitor.viewer.pixels', { width: asset.width, height: asset.height })}</dd>
              </>
            ) : null}
            {asset.page_count ? (
              <>
                <dt>{t('shareVisitor.viewer.pages')}</dt>
                <dd>{asset.page_count}</dd>
              </>
            ) : null}
          </dl>
          {asset.description ? <p className="share-viewer__description">{asset.description}</p> : null}
        </aside>
      </div>
    </div>
  );
}

/** Only what the link permits: the original, the rendered preview, both or nothing. */
function ShareDownloadMenu({ asset }: { asset: ShareVisitorAsset }) {
  const { t } = useTranslation();
  const download = useShareDownload();
  const original = asset.downloads.original ? asset.download_url : null;
  const preview = asset.downloads.preview ? asset.preview_download_url : null;
  if (!original && !preview) return <p className="share-viewer__no-download">{t('shareVisitor.viewer.noDownload')}</p>;
  const facts = [asset.extension?.toUpperCase(), asset.size !== null ? formatSize(asset.size) : null].filter(Boolean).join(' · ');
  return (
    <div className="share-viewer__download">
      <MenuTrigger>
        <Button size="sm" variant="primary" isPending={download.busy}>
          {t('shareVisitor.viewer.download')} <span aria-hidden="true">▾</span>
        </Button>
        <Popover className="menu-popover" placement="bottom end">
          <Menu
            className="menu"
            aria-label={t('shareVisitor.viewer.downloadOptions')}
            onAction={(key) => {
              const url = key === 'original' ? original : preview;
              if (url) void download.start(url);
            }}
          >
            {original ? (
              <MenuItem id="original" className="menu__item" textValue={t('shareVisitor.viewer.original')}>
                <span>{t('shareVisitor.viewer.original')}</span>
                {facts ? <span className="menu__detail">{facts}</span> : null}
              </MenuItem>
            ) : null}
            {preview ? (
              <MenuItem id="preview" className="menu__item" textValue={t('shareVisitor.viewer.preview')}>
                <span>{t('shareVisitor.viewer.preview')}</span>
                <span className="menu__detail">{t('shareVisitor.viewer.previewDetail')}</span>
              </MenuItem>
            ) : null}
          </Menu>
        </Popover>
      </MenuTrigger>
      <DownloadStatus state={download} label={t('shareVisitor.viewer.downloadProgress', { title: asset.title })} />
    </div>
  );
}
