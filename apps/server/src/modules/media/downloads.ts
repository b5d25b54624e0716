import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { AccountRole, BulkDownload, DownloadQuery } from '@emblem/core';
import yazl from 'yazl';
import { assetLevels, foldersOfProject, requireAsset, requireAttachment, requireProject } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { Storage } from '../../storage/storage.js';
import { findMember } from '../accounts/public.js';
import { requireDownloadConsent } from '../licences/public.js';
import {
  type Conversion,
  checkAdHocSize,
  conversionParams,
  derivedFileName,
  formatOf,
  presetConversion,
  variantSize,
} from './derived-download.js';
import { downloadBuffers, PooledBody } from './pooled-body.js';
import type { MediaDeps } from './processing.js';
import * as q from './queries.js';
import type { RenderLimiter } from './render-limiter.js';
import { canRender, getVariant, hasAlpha, type Variant } from './transform.js';

/**
 * Downloads: one asset's original (or a converted image), and ZIPs of many assets streamed with constant
 * memory. Every download records an 'asset:download' event for analytics.
 */

/**
 * yazl checksums every byte with buffer-crc32, plain JavaScript at ~130 MB/s, which would cap ZIP downloads
 * there. Node's native zlib.crc32 (20.15+) gives the same CRC-32 at GB/s; the module yazl itself loads gets it.
 */
function installNativeCrc32() {
  if (typeof zlib.crc32 !== 'function') return;
  const require = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const bufferCrc32 = require('buffer-crc32') as { unsigned: (buf: Buffer | string, previous?: number | Buffer) => number };
  bufferCrc32.unsigned = (buf, previous) => {
    const prev = Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : (previous ?? 0);
    return zlib.crc32(typeof buf === 'string' ? Buffer.from(buf) : buf, prev >>> 0);
  };
}
installNativeCrc32();

export const BULK_DOWNLOAD_TTL_MS = 3_600_000;
/** Already compressed: stored in ZIPs as they are. */
export const STORED_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'avif',
  'heic',
  'heif',
  'mp4',
  'm4v',
  'mov',
  'mkv',
  'webm',
  'avi',
  'wmv',
  'flv',
  'mp3',
  'm4a',
  'aac',
  'ogg',
  'flac',
  'zip',
  'gz',
  'tgz',
  '7z',
  'rar',
  'docx',
  'xlsx',
  'pptx',
  'pdf',
  'woff',
  'woff2',
]);

/* ---------- names ---------- */

/** One path segment: no separators, control characters, reserved characters, or leading/trailing dots and spaces. */
export function safeSegment(name: string, fallback = 'file'): string {
  const cleaned = name
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 150)
    .trim();
  return cleaned || fallback;
}

/** The file name of an asset: its title with the extension (unless the title already ends with it). */
export function assetFileName(title: string, extension: string): string {
  const ext = extension.toLowerCase();
  const base = safeSegment(title);
  if (!ext || base.toLowerCase().endsWith(`.${ext}`)) return base;
  return `${base}.${ext}`;
}

/** `attachment` with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Hands out unique names per folder, case-insensitively: "logo.png", "logo (2).png"… */
export class NameDeduper {
  private readonly taken = new Set<string>();

  take(dir: string, name: string): string {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    for (let i = 1; ; i++) {
      const candidate = i === 1 ? name : `${stem} (${i})${ext}`;
      const full = dir ? `${dir}/${candidate}` : candidate;
      if (!this.taken.has(full.toLowerCase())) {
        this.taken.add(full.toLowerCase());
        return full;
      }
    }
  }
}

/* ---------- one asset ---------- */

export interface DownloadDeps extends MediaDeps {
  limiter: RenderLimiter;
}

export type AssetDownload =
  | { kind: 'original'; fileName: string; storageKey: string; size: number; contentType: string }
  | { kind: 'variant'; fileName: string; variant: Variant };

export async function prepareAssetDownload(
  deps: DownloadDeps,
  actor: Actor,
  assetId: number,
  query: DownloadQuery,
): Promise<AssetDownload> {
  const { asset, project } = await requireAsset(deps.db, actor, assetId, 'asset.view');
  if (asset.objectType === 'URL') throw new AppError(400, 'This asset is a link and has no file to download');
  const row = await q.findRevisionOfAsset(deps.db, asset.id, query.revision ?? null, asset.currentRevisionId);
  if (!row) throw new NotFoundError(query.revision ? 'No such revision' : 'Not found');
  // Usage consent (decision 0031): an asset that asks for one is refused (409) without this person's token.
  await requireDownloadConsent(
    { db: deps.db, secret: deps.config.sessionSecret },
    { accountId: asset.accountId, userId: actor.userId },
    [asset.id],
    query.consent,
  );
  const ownFormat = formatOf(row.file.extension) ?? (hasAlpha(row) ? 'png' : 'jpeg');
  const maxSize = deps.config.transformMaxWidth;
  let conversion: Conversion | null = null;
  if (query.size !== undefined) {
    const entry = project.downloadCustomSizes.find((s) => s.name.toLowerCase() === query.size?.toLowerCase());
    if (!entry) throw new ValidationError({ size: ['Is not a download size of this project'] });
    conversion = presetConversion(entry, ownFormat);
  } else if (query.width !== undefined || query.height !== undefined || query.format !== undefined) {
    checkAdHocSize(query, maxSize);
    conversion = { width: query.width, height: query.height, fit: query.fit ?? 'crop', format: query.format ?? ownFormat };
  }
  if (conversion && (row.revision.kind !== 'Image' || !canRender(row))) {
    throw new ValidationError({ format: ['Only images can be converted'] }, 'Only images can be converted');
  }
  await audit(deps.db, { accountId: asset.accountId, userId: actor.userId }, 'asset:download', asset.id, {
    revision_id: row.revision.id,
    ...(conversion
      ? {
          format: conversion.format,
          width: conversion.width ?? null,
          height: conversion.height ?? null,
          fit: conversion.width && conversion.height ? conversion.fit : null,
          size: conversion.sizeName ?? null,
        }
      : {}),
  });
  if (!conversion) {
    return {
      kind: 'original',
      fileName: assetFileName(asset.title, row.file.extension),
      storageKey: row.file.storageKey,
      size: row.file.size,
      contentType: row.file.mimeType,
    };
  }
  const variant = await getVariant(deps, deps.limiter, row, conversionParams(conversion, maxSize));
  const size = await variantSize(deps.storage, variant);
  return { kind: 'variant', fileName: derivedFileName(asset.title, row.file.extension, size, conversion.format), variant };
}

/** An attachment's file (VIEW on its asset), named after the attachment's title. */
export async function prepareAttachmentDownload(db: Db, actor: Actor, attachmentId: number): Promise<AssetDownload & { kind: 'original' }> {
  const { attachment, file } = await requireAttachment(db, actor, attachmentId, 'attachment.view');
  await audit(db, { accountId: file.accountId, userId: actor.userId }, 'asset:download', attachment.assetId, {
    attachment_id: attachment.id,
  });
  return {
    kind: 'original',
    fileName: assetFileName(attachment.title, file.extension),
    storageKey: file.storageKey,
    size: file.size,
    contentType: file.mimeType,
  };
}

/* ---------- many assets ---------- */

export interface BulkInput {
  asset_ids?: number[];
  project_id?: number;
  set_id?: number | null;
  /** A usage-consent token covering the assets that ask for one (decision 0031). */
  consent_token?: string;
}

/** Folder paths below `rootId` (null = project root), keyed by folder id, as sanitised segments joined by '/'. */
function folderPaths(folders: { id: number; parentId: number | null; name: string }[], rootId: number | null) {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const paths = new Map<number | null, string>([[rootId, '']]);
  const pathOf = (id: number, seen = new Set<number>()): string | null => {
    if (paths.has(id)) return paths.get(id) ?? null;
    const f = byId.get(id);
    if (!f || seen.has(id)) return null;
    seen.add(id);
    const parent = f.parentId === rootId ? '' : f.parentId === null ? null : pathOf(f.parentId, seen);
    if (parent === null) return null;
    const path = parent ? `${parent}/${safeSegment(f.name, 'folder')}` : safeSegment(f.name, 'folder');
    paths.set(id, path);
    return path;
  };
  for (const f of folders) pathOf(f.id);
  return paths;
}

/** Prepares a ZIP download: checks VIEW on every asset, stores what it contains and answers a one-hour token. */
export async function createBulkDownload(db: Db, actor: Actor, input: BulkInput, secret: string): Promise<BulkDownload> {
  let ids: number[];
  const dirs: Record<string, string> = {};
  let name = 'assets';
  if (input.asset_ids) {
    ids = [...new Set(input.asset_ids)];
    const rows = await q.assetsWithFiles(db, ids);
    if (rows.length !== ids.length) throw new NotFoundError();
    const levelOf = assetLevels(db, actor);
    for (const r of rows) if (!(await levelOf(r.asset))) throw new NotFoundError();
  } else {
    const access = await requireProject(db, actor, input.project_id as number, 'project.view');
    const { project } = access;
    const folders = await q.projectFolders(db, project.id);
    const root = input.set_id ?? null;
    name = project.name;
    if (root !== null) {
      const folder = folders.find((f) => f.id === root);
      if (!folder) throw new ValidationError({ set_id: ['Is not a folder of this project'] });
      foldersOfProject(access, [root]);
      name = folder.name;
    }
    const paths = folderPaths(folders, root);
    const inScope = [...paths.keys()];
    const rows = await q.assetIdsInFolders(db, project.id, inScope);
    ids = rows.map((r) => r.id);
    for (const r of rows) dirs[String(r.id)] = paths.get(r.setId) ?? '';
  }
  const rows = await q.assetsWithFiles(db, ids);
  const withFiles = rows.filter((r) => r.file !== null);
  if (withFiles.length === 0) throw new ValidationError({ asset_ids: ['There is no file to download'] }, 'There is no file to download');
  const kept = new Set(withFiles.map((r) => r.asset.id));
  const assetIds = ids.filter((id) => kept.has(id));
  // Usage consent (decision 0031), checked when the ZIP is prepared: its link is then a capability like any other.
  await requireDownloadConsent({ db, secret }, { accountId: actor.accountId, userId: actor.userId }, assetIds, input.consent_token);
  const token = randomToken(32);
  await q.insertDownload(db, {
    accountId: actor.accountId,
    userId: actor.userId,
    tokenHash: sha256(token),
    assetIds,
    entryDirs: Object.fromEntries(Object.entries(dirs).filter(([id]) => kept.has(Number(id)))),
    name: safeSegment(name, 'assets'),
    expiresAt: new Date(Date.now() + BULK_DOWNLOAD_TTL_MS),
  });
  return {
    token,
    download_url: `/api/download/${token}`,
    count: assetIds.length,
    total_bytes: withFiles.reduce((sum, r) => sum + (r.file?.size ?? 0), 0),
  };
}

export interface ZipEntry {
  name: string;
  storageKey: string;
  size: number;
  compress: boolean;
  mtime: Date;
}

/**
 * The person who prepared a download, with their rights as they are now. The token is a capability anyone holding
 * the link may use (browsers fetch it without a session), but it never reaches further than its creator does
 * today: a creator no longer in the account is refused here (decision 0018).
 */
async function currentCreator(db: Db, download: { accountId: number; userId: number }): Promise<Actor> {
  const member = await findMember(db, download.accountId, download.userId);
  if (!member) throw new ForbiddenError('This download is no longer available: whoever prepared it is no longer a member of this account');
  // Acts as the creator without a session or API token of theirs: only their membership and project levels count.
  return {
    userId: member.id,
    accountId: download.accountId,
    role: member.role as AccountRole,
    via: 'session',
    sessionId: null,
    tokenId: null,
  };
}

/**
 * The entries of a prepared download (assets deleted since are left out), recording the download events. Refused
 * as a whole (403) when its creator left the account or can no longer see one of its assets (decision 0018).
 */
export async function openBulkDownload(db: Db, token: string): Promise<{ name: string; entries: ZipEntry[] }> {
  const download = await q.findDownload(db, sha256(token));
  if (!download) throw new NotFoundError('This download link has expired or does not exist');
  const creator = await currentCreator(db, download);
  const rows = await q.assetsWithFiles(db, download.assetIds);
  const levelOf = assetLevels(db, creator);
  for (const r of rows) {
    if (!(await levelOf(r.asset))) {
      throw new ForbiddenError('This download is no longer available: whoever prepared it can no longer see all of its assets');
    }
  }
  const byId = new Map(rows.map((r) => [r.asset.id, r]));
  const names = new NameDeduper();
  const entries: ZipEntry[] = [];
  const seen: number[] = [];
  for (const id of download.assetIds) {
    const r = byId.get(id);
    if (!r?.file || r.asset.accountId !== download.accountId) continue;
    const dir = download.entryDirs[String(id)] ?? '';
    entries.push({
      name: names.take(dir, assetFileName(r.asset.title, r.file.extension)),
      storageKey: r.file.storageKey,
      size: r.file.size,
      compress: !STORED_EXTENSIONS.has(r.file.extension),
      mtime: r.asset.modifiedAt,
    });
    seen.push(id);
  }
  await q.recordDownloadEvents(
    db,
    seen.map((assetId) => ({
      accountId: download.accountId,
      actorId: download.userId,
      assetId,
      data: { download_id: download.id, zip: true },
    })),
  );
  return { name: download.name, entries };
}

/**
 * Streams entries as a ZIP. yazl pulls one entry at a time (opened lazily), and the output respects
 * backpressure. Stored entries (most of a DAM's files) are read into a few reused buffers that the response
 * hands back once sent (PooledBody), so memory stays flat and no buffer is allocated per chunk.
 */
export function zipStream(storage: Storage, entries: ZipEntry[], pool = downloadBuffers): { stream: Readable; size: Promise<number> } {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    zip.addReadStreamLazy(e.name, { compress: e.compress, mtime: e.mtime, size: e.size }, (cb) => {
      try {
        // Deflated entries go through zlib, which keeps no reference to give back: plain reads.
        cb(null, storage.read(e.storageKey, undefined, e.compress ? {} : { pool }));
      } catch (err) {
        cb(err, undefined as unknown as Readable);
      }
    });
  }
  const output = zip.outputStream as Readable;
  zip.on('error', (err: Error) => output.destroy(err));
  const size = new Promise<number>((resolve) => {
    (zip.end as (options: object, cb: (finalSize: number) => void) => void)({}, (finalSize) => resolve(finalSize));
  });
  return { stream: new PooledBody(output, pool), size };
}
