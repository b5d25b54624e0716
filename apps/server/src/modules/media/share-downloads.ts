import {
  allSharedAssets,
  type CheckedShareVisit,
  NO_DOWNLOADS,
  requireSharedAsset,
  requireSharedFolder,
  shareOffers,
} from '../../access/index.js';
import { AppError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import { requireDownloadConsent } from '../licences/public.js';
import { conversionParams, derivedFileName, formatOf, variantSize } from './derived-download.js';
import {
  type AssetDownload,
  assetFileName,
  type DownloadDeps,
  NameDeduper,
  STORED_EXTENSIONS,
  safeSegment,
  type ZipEntry,
} from './downloads.js';
import * as q from './queries.js';
import { canRender, getVariant, hasAlpha } from './transform.js';

/**
 * Downloads of share-link visitors (decision 0030): the link's `download` decides — ORIGINAL offers the original
 * files, the rendered previews and a ZIP of the originals; PREVIEW only the rendered previews, one at a time;
 * NONE nothing (403). The asset must be one the visit shows (access/share-visitors.ts), else 404.
 */

/** The long side of a preview download: what a visitor of a PREVIEW link takes away. */
export const SHARE_PREVIEW_DOWNLOAD_WIDTH = 1600;
/** Most files in one ZIP of a link; a folder link can ZIP one of its sub-folders at a time instead. */
export const SHARE_ZIP_MAX_FILES = 2000;

export type ShareFileKind = 'original' | 'preview';

/** A visitor's usage consent (decision 0031): bound to the link and the visitor's address. */
export interface ShareConsent {
  secret: string;
  ip: string;
  token?: string;
}

/** Refuses (409 "Consent required") assets asking for a usage consent that the visitor's token does not carry. */
function checkShareConsent(db: DownloadDeps['db'], visit: CheckedShareVisit, assetIds: number[], consent: ShareConsent) {
  const subject = { accountId: visit.link.accountId, shareLinkId: visit.link.id, ip: consent.ip };
  return requireDownloadConsent({ db, secret: consent.secret }, subject, assetIds, consent.token);
}

/** One shared asset's original file or rendered preview, recording the download event. */
export async function prepareShareFile(
  deps: DownloadDeps,
  visit: CheckedShareVisit,
  assetId: number,
  kind: ShareFileKind,
  consent: ShareConsent,
): Promise<AssetDownload> {
  const row = await requireSharedAsset(deps.db, visit, assetId);
  const offers = shareOffers(visit.link.download);
  if (!offers[kind])
    throw new ForbiddenError(kind === 'original' && offers.preview ? 'This share link offers previews only' : NO_DOWNLOADS);
  if (!row.revision || !row.file) throw new NotFoundError('There is no file to download');
  await checkShareConsent(deps.db, visit, [row.asset.id], consent);
  const src = { revision: row.revision, file: row.file };
  let download: AssetDownload;
  if (kind === 'original') {
    download = {
      kind: 'original',
      fileName: assetFileName(row.asset.title, row.file.extension),
      storageKey: row.file.storageKey,
      size: row.file.size,
      contentType: row.file.mimeType,
    };
  } else {
    if (!canRender(src)) throw new NotFoundError('No preview for this file');
    const format = formatOf(row.file.extension) === 'png' || hasAlpha(src) ? 'png' : 'jpeg';
    const params = conversionParams({ width: SHARE_PREVIEW_DOWNLOAD_WIDTH, fit: 'crop', format }, deps.config.transformMaxWidth);
    const variant = await getVariant(deps, deps.limiter, src, params);
    const size = await variantSize(deps.storage, variant);
    download = { kind: 'variant', fileName: derivedFileName(row.asset.title, row.file.extension, size, format), variant };
  }
  await q.recordDownloadEvents(deps.db, [
    {
      accountId: row.asset.accountId,
      actorId: null,
      assetId: row.asset.id,
      data: { revision_id: row.revision.id, share_link_id: visit.link.id, kind },
    },
  ]);
  return download;
}

/**
 * The entries of a ZIP of everything a visit may download (ORIGINAL links only): an asset link's or a collection's
 * assets, or a folder link's folder (`folderId`: one of its folders) with every folder below it, as folders in the
 * ZIP. At most SHARE_ZIP_MAX_FILES files (413 beyond). Records a download event per asset.
 */
export async function openShareZip(
  deps: Pick<DownloadDeps, 'db'>,
  visit: CheckedShareVisit,
  folderId: number | undefined,
  consent: ShareConsent,
): Promise<{ name: string; entries: ZipEntry[] }> {
  if (!shareOffers(visit.link.download).zip)
    throw new ForbiddenError(
      visit.link.download === 'PREVIEW' ? 'This share link offers previews one at a time, not as a ZIP' : NO_DOWNLOADS,
    );
  const root = folderId !== undefined ? (await requireSharedFolder(deps.db, visit, folderId)).folder : (visit.tree[0] ?? null);
  // Folder paths relative to the ZIP's root folder.
  const dirs = new Map<number, string>();
  if (root) {
    dirs.set(root.id, '');
    let grew = true;
    while (grew) {
      grew = false;
      for (const f of visit.tree)
        if (!dirs.has(f.id) && f.parentId !== null && dirs.has(f.parentId)) {
          const parent = dirs.get(f.parentId) as string;
          dirs.set(f.id, parent ? `${parent}/${safeSegment(f.name, 'folder')}` : safeSegment(f.name, 'folder'));
          grew = true;
        }
    }
  }
  const { rows } = await allSharedAssets(deps.db, visit);
  const inZip = rows.filter((r) => r.file && (!root || (r.asset.setId !== null && dirs.has(r.asset.setId))));
  if (inZip.length === 0) throw new NotFoundError('There is no file to download');
  if (inZip.length > SHARE_ZIP_MAX_FILES)
    throw new AppError(413, `A ZIP holds at most ${SHARE_ZIP_MAX_FILES} files: download one folder at a time`);
  await checkShareConsent(
    deps.db,
    visit,
    inZip.map((r) => r.asset.id),
    consent,
  );
  const names = new NameDeduper();
  const entries: ZipEntry[] = inZip.map((r) => {
    const file = r.file as NonNullable<typeof r.file>;
    return {
      name: names.take(root && r.asset.setId !== null ? (dirs.get(r.asset.setId) ?? '') : '', assetFileName(r.asset.title, file.extension)),
      storageKey: file.storageKey,
      size: file.size,
      compress: !STORED_EXTENSIONS.has(file.extension),
      mtime: r.asset.modifiedAt,
    };
  });
  await q.recordDownloadEvents(
    deps.db,
    inZip.map((r) => ({
      accountId: r.asset.accountId,
      actorId: null,
      assetId: r.asset.id,
      data: { share_link_id: visit.link.id, zip: true },
    })),
  );
  return { name: safeSegment(root?.name ?? 'shared', 'shared'), entries };
}
