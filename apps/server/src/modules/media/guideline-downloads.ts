import type { ConsentRequiredDetails } from '@emblem/core';
import { blockAssets, type CheckedBlockReading, requireDownloadableBlock } from '../../access/guideline-readers.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError } from '../../http/errors.js';
import { consentDetails, requireDownloadConsent } from '../licences/public.js';
import { assetFileName, NameDeduper, STORED_EXTENSIONS, safeSegment, type ZipEntry } from './downloads.js';
import * as q from './queries.js';

/**
 * Downloads from guideline pages, for whoever reads the page (visitors of public portals too): an asset of a block
 * that offers downloads, a whole block as a ZIP, and the file of a video block for its player. The block decides:
 * it must be readable by the caller (access/guideline-readers.ts), offer this kind of download, and name the asset
 * (its stored references). Anything else is 404, whatever the asset's id: a visitor learns nothing of assets that
 * no public page shows.
 */

/** What a guideline download needs for usage consent (decision 0031): the server secret, the reader's token and address. */
export interface BlockConsent {
  secret: string;
  ip: string;
  token?: string;
}

/** Refuses (409) assets that ask for a usage consent the reader's token does not carry. */
async function checkConsent(db: Db, actor: Actor | null, accountId: number, assetIds: number[], consent: BlockConsent) {
  const subject = actor ? { accountId, userId: actor.userId } : { accountId, ip: consent.ip };
  await requireDownloadConsent({ db, secret: consent.secret }, subject, assetIds, consent.token);
}

export interface BlockFile {
  fileName: string;
  storageKey: string;
  size: number;
  contentType: string;
}

/** One asset's current file, through a block that offers it (`file`: a download, `stream`: a video block's player). */
export async function prepareBlockFile(
  db: Db,
  actor: Actor | null,
  blockId: number,
  assetId: number,
  offer: 'file' | 'stream',
  consent?: BlockConsent,
): Promise<BlockFile> {
  const reading = await requireDownloadableBlock(db, actor, blockId, offer);
  const [row] = blockAssets(reading, await q.assetsWithFiles(db, [assetId]), (r) => r.asset);
  if (!row?.file || row.asset.objectType === 'URL') throw new NotFoundError();
  if (offer === 'stream' && !row.file.mimeType.startsWith('video/')) throw new NotFoundError();
  if (offer === 'file') {
    if (consent) await checkConsent(db, actor, row.asset.accountId, [row.asset.id], consent);
    await q.recordDownloadEvents(db, [
      {
        accountId: row.asset.accountId,
        actorId: actor?.userId ?? null,
        assetId: row.asset.id,
        data: { revision_id: row.asset.currentRevisionId, guideline_block_id: blockId },
      },
    ]);
  }
  return {
    fileName: assetFileName(row.asset.title, row.file.extension),
    storageKey: row.file.storageKey,
    size: row.file.size,
    contentType: row.file.mimeType,
  };
}

/** The ids of the assets a ZIP of the block holds, in the block's order (picked assets, or a folder's). */
async function zipAssetIds(db: Db, reading: CheckedBlockReading): Promise<number[]> {
  const settings = reading.placement.block.settings as { asset_ids?: number[]; folder_id?: number | null };
  if (settings.folder_id) return q.folderAssetIds(db, settings.folder_id);
  return [...new Set(settings.asset_ids ?? [])];
}

/** The assets with a file that the block's ZIP holds, in the block's order. */
async function zipRows(db: Db, reading: CheckedBlockReading) {
  const ids = await zipAssetIds(db, reading);
  const rows = blockAssets(reading, await q.assetsWithFiles(db, ids), (r) => r.asset);
  const byId = new Map(rows.map((r) => [r.asset.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r?.file && r.asset.objectType !== 'URL' ? [{ asset: r.asset, file: r.file }] : [];
  });
}

/**
 * GET /api/guideline-block/{blockId}/consent: what a download from the block asks consent for (decision 0031), so
 * the reader shows the terms before it starts the download. `assetIds`: assets the block offers as files (each must
 * be one, else 404); none: every asset of the block's ZIP. Empty lists when nothing asks for consent.
 */
export async function blockDownloadConsent(
  db: Db,
  actor: Actor | null,
  blockId: number,
  assetIds: number[] | undefined,
): Promise<ConsentRequiredDetails> {
  if (assetIds === undefined) {
    const reading = await requireDownloadableBlock(db, actor, blockId, 'zip');
    return consentDetails(
      db,
      (await zipRows(db, reading)).map((r) => r.asset.id),
    );
  }
  const reading = await requireDownloadableBlock(db, actor, blockId, 'file');
  const ids = [...new Set(assetIds)];
  const rows = blockAssets(reading, await q.assetsWithFiles(db, ids), (r) => r.asset).filter((r) => r.file && r.asset.objectType !== 'URL');
  if (rows.length !== ids.length) throw new NotFoundError();
  return consentDetails(db, ids);
}

/** The entries of a block's ZIP (assets with a file that the block names), recording a download event for each. */
export async function openBlockZip(
  db: Db,
  actor: Actor | null,
  blockId: number,
  consent?: BlockConsent,
): Promise<{ name: string; entries: ZipEntry[] }> {
  const reading = await requireDownloadableBlock(db, actor, blockId, 'zip');
  const names = new NameDeduper();
  const entries: ZipEntry[] = [];
  const seen: number[] = [];
  for (const r of await zipRows(db, reading)) {
    entries.push({
      name: names.take('', assetFileName(r.asset.title, r.file.extension)),
      storageKey: r.file.storageKey,
      size: r.file.size,
      compress: !STORED_EXTENSIONS.has(r.file.extension),
      mtime: r.asset.modifiedAt,
    });
    seen.push(r.asset.id);
  }
  if (entries.length === 0) throw new NotFoundError('There is no file to download');
  if (consent) await checkConsent(db, actor, reading.placement.document.accountId, seen, consent);
  await q.recordDownloadEvents(
    db,
    seen.map((assetId) => ({
      accountId: reading.placement.document.accountId,
      actorId: actor?.userId ?? null,
      assetId,
      data: { guideline_block_id: blockId, zip: true },
    })),
  );
  const title = (reading.placement.block.settings as { title?: string }).title;
  return { name: safeSegment(title ?? '', 'downloads'), entries };
}
