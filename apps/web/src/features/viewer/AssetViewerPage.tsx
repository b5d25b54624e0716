import { projectChannel, sameId } from '@emblem/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useLocation, useParams } from 'react-router';
import { requireUser, routeError, routeId } from '../../lib/guards';
import { isShortcutBlocked } from '../../lib/keyboard';
import { useAppNavigate } from '../../lib/navigation';
import { type RealtimeMessage, useChannel } from '../../lib/realtime';
import { NotFoundPage } from '../../shell/NotFoundPage';
import { Button, LinkButton } from '../../ui/Button';
import { ApprovalMount } from '../approvals/ApprovalMount';
import { approvalKeys } from '../approvals/api';
import { AddToCollectionButton } from '../collections/AddToCollectionDialog';
import { commentKeys } from '../comments/api';
import { CommentsProvider, useOptionalComments, withShownRevision } from '../comments/CommentsContext';
import { CommentsPanel, type MediaKind } from '../comments/CommentsPanel';
import { ImageMarkers, PageMarkers, RevisionBanner, VideoMarkers } from '../comments/MediaMarkers';
import { StatusBadge } from '../library/AssetGrid';
import { type Asset, assetKeys, assetQuery, fileIconUrl } from '../library/api';
import { ExpiryBadge } from '../library/expiry';
import { ScreenFailure, useAddressedProject } from '../library/screen';
import { AssetRights } from '../licences/AssetRights';
import { AssetMetadata } from '../metadata/AssetMetadata';
import type { ProjectContext } from '../projects/api';
import { ShareButton } from '../shares/ShareDialog';
import { useCanShare } from '../shares/useCanShare';
import { SubmissionBadge } from '../submissions/SubmissionBadge';
import { AssetTags } from '../tags/AssetTags';
import { StatusPicker } from '../workflows/StatusPicker';
import { AlsoViewing } from './AlsoViewing';
import { AssetDetails, AssetInformation } from './AssetDetails';
import { AssetExpiry } from './AssetExpiry';
import { AssetSubmission } from './AssetSubmission';
import { Attachments } from './Attachments';
import { type Revision, type ScreenData, screenDataQuery } from './api';
import { DownloadMenu } from './DownloadMenu';
import { Revisions } from './Revisions';
import { PreviewSkeleton, ViewerSkeleton } from './ViewerSkeleton';
import { ZoomableImage } from './ZoomableImage';
import { hasPyramid } from './zoom';

export const VIEWER_POLL_MS = 2000;
export const VIEWER_PREVIEW_WIDTH = 1600;

/**
 * …/assets/{assetId}: the asset exists and is visible (404/403 from the server) and is one of this project's. An
 * asset not loaded before is not waited for: the viewer shows its skeleton at once and makes the same checks when
 * the asset arrives.
 */
export function assetLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs): Promise<null> => {
    await requireUser(queryClient);
    routeId(params.projectId);
    const assetId = routeId(params.assetId);
    const cached = queryClient.getQueryData<ScreenData>(screenDataQuery(assetId).queryKey);
    if (!cached) {
      void queryClient.prefetchQuery(screenDataQuery(assetId));
      return null;
    }
    // An asset of another project is 404 (the address names the project).
    if (!sameId(params.projectId, cached.asset.project_id)) throw routeError(404);
    return null;
  };
}

export function AssetViewerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const brandId = routeId(params.brandId);
  const projectId = routeId(params.projectId);
  const assetId = routeId(params.assetId);
  const project = useAddressedProject(params.brandId, projectId);
  const screen = useQuery({
    ...screenDataQuery(assetId),
    refetchInterval: (query) => (query.state.data?.asset.status === 'PROCESSING' ? VIEWER_POLL_MS : false),
  });
  if (project.status === 'failed') return <ScreenFailure error={project.error} title={t('library.failed')} onRetry={project.retry} />;
  if (screen.isError && !screen.data) {
    return <ScreenFailure error={screen.error} title={t('viewer.failed')} onRetry={() => void screen.refetch()} />;
  }
  if (screen.data && screen.data.asset.id === assetId && !sameId(params.projectId, screen.data.asset.project_id)) return <NotFoundPage />;
  if (project.status === 'pending' || !screen.data || screen.data.asset.id !== assetId) return <ViewerSkeleton />;
  return <Viewer key={assetId} brandId={brandId} project={project.data} data={screen.data} />;
}

function Viewer({ brandId, project, data }: { brandId: number; project: ProjectContext; data: ScreenData }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const { asset } = data;
  const base = `/brands/${brandId}/projects/${project.id}`;
  // The folder's sort (in the address) goes along to the neighbours and back to the folder.
  const { search } = useLocation();
  const folderHref = `${asset.set_id ? `${base}/folders/${asset.set_id}` : base}${search}`;
  const previousHref = data.previous_id ? `${base}/assets/${data.previous_id}${search}` : null;
  const nextHref = data.next_id ? `${base}/assets/${data.next_id}${search}` : null;
  const folderName = asset.location?.folder?.name ?? project.name;
  const canEdit = asset.permissions?.canEdit ?? project.permissions.canEdit;
  const canComment = asset.permissions?.canComment ?? project.permissions.canComment;
  const canAdmin = asset.permissions?.canAdmin ?? project.permissions.canAdmin;
  const shareable = useCanShare(project, project.permissions.canEdit);
  const processing = asset.status === 'PROCESSING';
  // The preview and download URLs, at the viewer's width; asked again while the previews are being made.
  const detail = useQuery({ ...assetQuery(asset.id, VIEWER_PREVIEW_WIDTH), refetchInterval: processing ? VIEWER_POLL_MS : false });
  const withUrls: Asset = { ...asset, ...(detail.data ?? {}) };
  // When processing ends, the preview URLs exist: ask for them at once.
  const queryClient = useQueryClient();
  // The neighbours load ahead, so that paging through a folder shows each asset at once.
  useEffect(() => {
    for (const id of [data.previous_id, data.next_id]) if (id) void queryClient.prefetchQuery(screenDataQuery(id));
  }, [queryClient, data.previous_id, data.next_id]);
  // Someone else commented on, changed or moved this asset: show it without a reload (decision 0047).
  useChannel(projectChannel(project.id), (message) => {
    if (!concernsAsset(message, asset.id)) return;
    void queryClient.invalidateQueries({ queryKey: assetKeys.screen(asset.id) });
    void queryClient.invalidateQueries({ queryKey: assetKeys.detail(asset.id) });
    if (message.event === 'comment' || message.event === 'resync')
      void queryClient.invalidateQueries({ queryKey: commentKeys.ofAsset(asset.id) });
    if (message.event === 'approval' || message.event === 'resync') void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
  });
  const wasProcessing = useRef(processing);
  useEffect(() => {
    if (wasProcessing.current && !processing) void queryClient.invalidateQueries({ queryKey: assetKeys.detail(asset.id) });
    wasProcessing.current = processing;
  }, [processing, queryClient, asset.id]);

  // ←/J previous, →/K next, Escape back to the folder.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isShortcutBlocked(event)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      let to: string | null = null;
      if ((key === 'ArrowLeft' || key === 'k') && previousHref) to = previousHref;
      else if ((key === 'ArrowRight' || key === 'j') && nextHref) to = nextHref;
      else if (key === 'Escape') to = folderHref;
      if (!to) return;
      // Arrows inside a focused control that uses them (a slider, a media player) stay theirs.
      if ((key === 'ArrowLeft' || key === 'ArrowRight') && event.target instanceof HTMLMediaElement) return;
      event.preventDefault();
      navigate(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [previousHref, nextHref, folderHref, navigate]);

  return (
    <div className="viewer">
      <title>{t('page.title', { title: asset.title || t('library.untitled') })}</title>
      <header className="viewer__bar">
        <Link className="viewer__back" to={folderHref}>
          <span aria-hidden="true">←</span> {t('viewer.back', { folder: folderName })}
        </Link>
        <div className="viewer__heading">
          <h1 className="viewer__title">{asset.title || t('library.untitled')}</h1>
          <StatusBadge asset={asset} />
          <ExpiryBadge asset={asset} compact />
          <SubmissionBadge asset={asset} compact />
        </div>
        <AlsoViewing projectId={project.id} assetId={asset.id} />
        <div className="viewer__tools">
          <nav className="viewer__nav" aria-label={t('viewer.neighbours')}>
            {previousHref ? (
              <LinkButton size="sm" href={previousHref} aria-keyshortcuts="ArrowLeft K">
                <span aria-hidden="true">‹</span> {t('viewer.previous')}
              </LinkButton>
            ) : (
              <Button size="sm" isDisabled>
                <span aria-hidden="true">‹</span> {t('viewer.previous')}
              </Button>
            )}
            {nextHref ? (
              <LinkButton size="sm" href={nextHref} aria-keyshortcuts="ArrowRight J">
                {t('viewer.next')} <span aria-hidden="true">›</span>
              </LinkButton>
            ) : (
              <Button size="sm" isDisabled>
                {t('viewer.next')} <span aria-hidden="true">›</span>
              </Button>
            )}
          </nav>
          <AddToCollectionButton brandId={brandId} projectId={project.id} canCreate={project.permissions.canEdit} assetIds={[asset.id]} />
          {shareable ? <ShareButton target={{ type: 'asset', projectId: project.id, assetIds: [asset.id] }} name={asset.title} /> : null}
          <DownloadMenu asset={withUrls} projectId={project.id} />
        </div>
      </header>
      <p className="viewer__hint">{t('viewer.keyboardHint')}</p>
      <CommentsProvider assetId={asset.id} currentRevisionId={asset.revision?.id ?? null} canComment={canComment}>
        <div className="viewer__body">
          <div className="viewer__stage">
            <RevisionBanner revisions={data.revisions} />
            <AssetPreview
              asset={withUrls}
              revisions={data.revisions}
              loadingUrls={detail.isPending}
              pageUrls={data.page_preview_urls ?? []}
            />
          </div>
          <aside className="viewer__side" aria-label={t('viewer.sidePanel')}>
            {project.project_type === 'WORKSPACE' ? (
              <StatusPicker
                brandId={brandId}
                projectId={project.id}
                assetId={asset.id}
                status={asset.workflow_status ?? null}
                canEdit={canEdit}
              />
            ) : null}
            <ApprovalMount asset={asset} project={project} canEdit={canEdit} base={base} />
            <CommentsPanel projectId={project.id} canAdmin={canAdmin} media={mediaKind(withUrls, data)} revisions={data.revisions} />
            <AssetSubmission
              key={`submission-${asset.id}`}
              asset={asset}
              canEdit={canEdit}
              projectName={project.name}
              folderHref={folderHref}
            />
            <AssetDetails key={`${asset.id}-${asset.modified_at ?? ''}`} asset={asset} canEdit={canEdit} />
            <AssetTags key={`tags-${asset.id}`} asset={asset} canEdit={canEdit} />
            <AssetMetadata
              key={`metadata-${asset.id}`}
              asset={asset}
              brandId={brandId}
              canEdit={canEdit}
              manageHref={`${base}/custom-metadata-property-management`}
            />
            <AssetExpiry key={`expiry-${asset.id}`} asset={asset} canEdit={canEdit} />
            <AssetRights key={`rights-${asset.id}-${asset.modified_at ?? ''}`} asset={asset} canEdit={canEdit} />
            <AssetInformation asset={asset} project={project} base={base} />
            <Revisions
              asset={asset}
              revisions={data.revisions}
              canEdit={canEdit}
              projectId={project.id}
              compareHref={`${base}/assets/${asset.id}/comparerevision`}
            />
            <Attachments asset={asset} attachments={data.attachments} canEdit={canEdit} projectId={project.id} />
          </aside>
        </div>
      </CommentsProvider>
    </div>
  );
}

/** Whether a project channel's message is about this asset (a message too large for its ids concerns every asset). */
export function concernsAsset(message: RealtimeMessage, assetId: number): boolean {
  if (message.event === 'resync') return true;
  if (message.event === 'comment') return message.data.asset_id === undefined || message.data.asset_id === assetId;
  if (message.event !== 'asset' && message.event !== 'workflow') return false;
  const ids = message.data.asset_ids;
  return !Array.isArray(ids) || ids.includes(assetId);
}

/**
 * Image previews zoom; multi-page PDFs page through their page previews (else show their first page and the
 * page count); video and audio play; others show their icon.
 */
function AssetPreview({
  asset: current,
  revisions,
  loadingUrls,
  pageUrls,
}: {
  asset: Asset;
  revisions: Revision[];
  loadingUrls: boolean;
  pageUrls: string[];
}) {
  const { t } = useTranslation();
  const comments = useOptionalComments();
  // An earlier revision is shown on request (its comments' markings); the current one otherwise.
  const asset = withShownRevision(current, revisions, comments?.shownRevisionId);
  const [duration, setDuration] = useState(0);
  const alt = asset.alternative_text || asset.title;
  if (asset.status === 'PROCESSING') {
    return (
      <div className="viewer__placeholder" role="status">
        <span className="spinner spinner--lg" aria-hidden="true" />
        <p>{t('viewer.processing')}</p>
      </div>
    );
  }
  if (asset.type === 'Video' && asset.download_url) {
    return (
      <div className="viewer__video">
        {/* biome-ignore lint/a11y/useMediaCaption: captions are not part of the asset; people upload the file they have. */}
        <video
          ref={comments?.video}
          className="viewer__media"
          controls
          preload="metadata"
          src={asset.download_url}
          poster={asset.preview_url ?? undefined}
          aria-label={alt}
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration || 0)}
        />
        <VideoMarkers duration={duration} />
      </div>
    );
  }
  if (asset.type === 'Audio' && asset.download_url) {
    return (
      <div className="viewer__audio">
        <img className="viewer__icon" src={fileIconUrl(asset.extension)} alt="" />
        {/* biome-ignore lint/a11y/useMediaCaption: captions are not part of the asset. */}
        <audio controls preload="metadata" src={asset.download_url} aria-label={alt} />
      </div>
    );
  }
  if (asset.type === 'Document' && pageUrls.length > 1 && asset.status !== 'PROCESSING_FAILED') {
    return <PagedPreview urls={pageUrls} title={alt || t('library.untitled')} />;
  }
  if (asset.preview_url && asset.status !== 'PROCESSING_FAILED') {
    const pages = asset.page_count ?? 0;
    return (
      <div className="viewer__zoom">
        <ZoomableImage
          src={asset.preview_url}
          alt={alt}
          intrinsic={asset.width && asset.height ? { width: asset.width, height: asset.height } : null}
          pyramid={
            asset.type === 'Image' && asset.revision && hasPyramid(asset.extension)
              ? { assetId: asset.id, revisionId: asset.revision.id, vector: asset.extension === 'svg' }
              : null
          }
          enlargeToFit={asset.extension === 'svg' || asset.type === 'Document'}
          overlay={asset.type === 'Document' ? null : <ImageMarkers />}
        />
        {asset.type === 'Document' ? <PageMarkers /> : null}
        {pages > 1 ? <p className="viewer__pages">{t('viewer.pages', { count: pages })}</p> : null}
      </div>
    );
  }
  if (loadingUrls) return <PreviewSkeleton />;
  return (
    <div className="viewer__placeholder">
      <img className="viewer__icon" src={fileIconUrl(asset.extension)} alt="" />
      <p>{asset.status === 'PROCESSING_FAILED' ? t('viewer.previewFailed') : t('viewer.noPreview')}</p>
    </div>
  );
}

/** A multi-page document: one page preview at a time, with previous / next page buttons. */
function PagedPreview({ urls, title }: { urls: string[]; title: string }) {
  const { t } = useTranslation();
  const comments = useOptionalComments();
  const [localPage, setLocalPage] = useState(1);
  // In the viewer the page is shared with the comments (a PAGE marking turns to its page).
  const page = comments?.page ?? localPage;
  const setPage = comments?.setPage ?? setLocalPage;
  const count = urls.length;
  const current = Math.min(page, count);
  return (
    <div className="viewer__zoom">
      <ZoomableImage src={urls[current - 1] ?? ''} alt={t('viewer.pageAlt', { title, page: current, count })} />
      <nav className="viewer__pager" aria-label={t('viewer.pageNav')}>
        <Button size="sm" aria-label={t('viewer.previousPage')} isDisabled={current <= 1} onPress={() => setPage(current - 1)}>
          <span aria-hidden="true">‹</span>
        </Button>
        <output className="viewer__page" aria-live="polite">
          {t('viewer.pageOf', { page: current, count })}
        </output>
        <Button size="sm" aria-label={t('viewer.nextPage')} isDisabled={current >= count} onPress={() => setPage(current + 1)}>
          <span aria-hidden="true">›</span>
        </Button>
      </nav>
      <PageMarkers />
    </div>
  );
}

/** How the comment tool marks this asset's media. */
function mediaKind(asset: Asset, data: ScreenData): MediaKind {
  if (asset.status === 'PROCESSING' || asset.status === 'PROCESSING_FAILED') return 'none';
  if (asset.type === 'Video' && asset.download_url) return 'video';
  if (asset.type === 'Document' && ((data.page_preview_urls?.length ?? 0) > 0 || asset.preview_url)) return 'document';
  if (asset.type !== 'Audio' && asset.preview_url) return 'image';
  return 'none';
}
