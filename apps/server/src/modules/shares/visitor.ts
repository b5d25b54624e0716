import {
  type ConsentBody,
  type ConsentGrant,
  type ConsentRequiredDetails,
  fileTypeGroup,
  type ShareDownload,
  type ShareLinkType,
  type ShareVisitorAsset,
  type ShareVisitorAssets,
  type ShareVisitorFolder,
  type ShareVisitorPageQuery,
} from '@emblem/core';
import {
  type CheckedShareVisit,
  mediaTagOf,
  NO_DOWNLOADS,
  requireSharedAsset,
  requireSharedFolder,
  sharedAssetPage,
  shareOffers,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';
import { consentDetails, recordConsent } from '../licences/public.js';
import { DEFAULT_PREVIEW_WIDTH, SMALL_PREVIEW_WIDTH, shareMediaUrl } from '../media/public.js';
import type { VisitorAssetRow } from './visitor-queries.js';

/**
 * What visitors of a share link see (decision 0030): a folder link's folders and assets, a collection's or an asset
 * link's assets, one asset's detail. Media URLs are scoped to the link (modules/media/urls.ts `sl`); download URLs
 * name the address the visitor used.
 */

export interface VisitorDeps {
  db: Db;
  secret: string;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const base = (token: string) => `/api/share-link/${token}`;

export function presentVisitorAsset(deps: VisitorDeps, visit: CheckedShareVisit, r: VisitorAssetRow): ShareVisitorAsset {
  const { asset, revision, file } = r;
  const meta = (revision?.metadata ?? {}) as Record<string, unknown>;
  const scope = { linkId: visit.link.id, tag: mediaTagOf(visit.link) };
  const hasPreview = revision?.status === 'FINISHED' && Boolean(revision.previewKey);
  const media = (width: number) => (revision && hasPreview ? shareMediaUrl(deps.secret, asset.token, revision.id, { width }, scope) : null);
  const offers = shareOffers(visit.link.download);
  const downloads = { original: offers.original && Boolean(file), preview: offers.preview && hasPreview };
  const download = `${base(visit.token)}/assets/${asset.id}/download`;
  return {
    id: asset.id,
    title: asset.title,
    description: asset.description,
    extension: file?.extension ?? null,
    file_type_group: fileTypeGroup(file?.extension ?? ''),
    size: file?.size ?? null,
    width: num(meta.width),
    height: num(meta.height),
    page_count: num(meta.page_count),
    thumbnail_url: media(SMALL_PREVIEW_WIDTH),
    preview_url: media(DEFAULT_PREVIEW_WIDTH),
    downloads,
    download_url: downloads.original ? download : null,
    preview_download_url: downloads.preview ? `${download}?kind=preview` : null,
  };
}

function zipUrl(visit: CheckedShareVisit, folderId?: number): string | null {
  if (!shareOffers(visit.link.download).zip) return null;
  return `${base(visit.token)}/download.zip${folderId !== undefined && folderId !== visit.tree[0]?.id ? `?folder_id=${folderId}` : ''}`;
}

/** GET /api/share-link/{token}/folders/{folderId}: a folder of a folder link, its sub-folders and a page of its assets. */
export async function visitFolder(
  deps: VisitorDeps,
  visit: CheckedShareVisit,
  folderId: number,
  page: ShareVisitorPageQuery,
): Promise<ShareVisitorFolder> {
  const { folder, breadcrumbs, children } = await requireSharedFolder(deps.db, visit, folderId);
  const { rows, total } = await sharedAssetPage(deps.db, visit, {
    folderId,
    limit: page.per_page,
    offset: (page.page - 1) * page.per_page,
  });
  return {
    folder,
    breadcrumbs,
    folders: page.page === 1 ? children : [],
    assets: rows.map((r) => presentVisitorAsset(deps, visit, r)),
    page: page.page,
    per_page: page.per_page,
    total,
    download: visit.link.download as ShareDownload,
    zip_url: total > 0 || children.length > 0 ? zipUrl(visit, folderId) : null,
  };
}

/** GET /api/share-link/{token}/assets: a collection's or an asset link's assets (a folder link: 404, it has folders). */
export async function visitAssets(deps: VisitorDeps, visit: CheckedShareVisit, page: ShareVisitorPageQuery): Promise<ShareVisitorAssets> {
  if (visit.scope.kind === 'folder') throw new NotFoundError('A folder link lists its folders: /folders/{folderId}');
  const { rows, total } = await sharedAssetPage(deps.db, visit, { limit: page.per_page, offset: (page.page - 1) * page.per_page });
  return {
    type: visit.link.type as ShareLinkType,
    title: visit.title,
    description: visit.description,
    assets: rows.map((r) => presentVisitorAsset(deps, visit, r)),
    page: page.page,
    per_page: page.per_page,
    total,
    download: visit.link.download as ShareDownload,
    zip_url: total > 0 ? zipUrl(visit) : null,
  };
}

/** GET /api/share-link/{token}/assets/{assetId}: one asset the link shows. */
export async function visitAsset(deps: VisitorDeps, visit: CheckedShareVisit, assetId: number): Promise<ShareVisitorAsset> {
  return presentVisitorAsset(deps, visit, await requireSharedAsset(deps.db, visit, assetId));
}

/** The shared assets named (each must be one the visit shows, else 404), in the order named, without repeats. */
async function sharedRows(db: Db, visit: CheckedShareVisit, assetIds: number[]) {
  const rows: VisitorAssetRow[] = [];
  for (const id of new Set(assetIds)) rows.push(await requireSharedAsset(db, visit, id));
  return rows;
}

/** GET /api/share-link/{token}/consent: what a visitor must accept before downloading these assets (decision 0031). */
export async function visitConsent(db: Db, visit: CheckedShareVisit, assetIds: number[]): Promise<ConsentRequiredDetails> {
  const rows = await sharedRows(db, visit, assetIds);
  return consentDetails(
    db,
    rows.map((r) => r.asset.id),
  );
}

/**
 * POST /api/share-link/{token}/consent: records a visitor's acceptance (bound to the link and their address) and
 * answers the token their downloads carry.
 */
export async function acceptVisitConsent(
  deps: VisitorDeps,
  visit: CheckedShareVisit,
  ip: string,
  body: ConsentBody,
): Promise<ConsentGrant> {
  const rows = await sharedRows(deps.db, visit, body.asset_ids);
  if (!shareOffers(visit.link.download).preview) throw new ForbiddenError(NO_DOWNLOADS);
  return recordConsent(
    deps,
    { accountId: visit.link.accountId, shareLinkId: visit.link.id, ip },
    rows.map((r) => ({ id: r.asset.id, title: r.asset.title })),
    body.licence_ids,
  );
}
