import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { extensionOf, extensionRefusal, type StorageUsage } from '@emblem/core';
import { type CheckedProject, type LiveSubmission, requireProject } from '../../access/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { removeStaleEntries } from '../../lib/stale-files.js';
import { newOriginalKey } from '../../storage/local.js';
import { ObjectTooLargeError, type Storage } from '../../storage/storage.js';
import { ContentMismatchError, detectContent, displayName, sanitizeSvg } from './content.js';
import * as q from './queries.js';
import { settingImageRefusal } from './rules.js';

export type { FileRow } from './queries.js';

/** What file operations use. */
export interface FileDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'uploadMaxBytes' | 'accountStorageLimitBytes'>;
}

export interface IngestInput {
  /** The project the file is for; absent for a setting image (avatar, key visual), which belongs to the account. */
  projectId?: number;
  /** The name the user gave; used for the extension and for display only, never for paths. */
  originalName: string;
  /** The content: a stream (multipart) or a finished file on local disk (tus). */
  source: { stream: Readable } | { path: string };
  /** The size announced before the content arrives, when known (tus Upload-Length). */
  declaredSize?: number;
  tusUploadId?: string;
}

/** SVGs are parsed in memory to be sanitised; larger ones are refused. */
export const SVG_MAX_BYTES = 16 * 1024 * 1024;
export const STORAGE_LIMIT_EXCEEDED = 'Storage limit exceeded.';

export class PayloadTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super(413, `The file is larger than the maximum of ${formatMb(maxBytes)}`, undefined, 'PAYLOAD_TOO_LARGE');
  }
}

function formatMb(bytes: number): string {
  return `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
}

function refuse(message: string, code = 'FILE_REFUSED'): AppError {
  return new AppError(400, message, { file: [message] }, code);
}

/** Whether an error means "the body was larger than allowed" (storage meter or multipart limit). */
export function isTooLarge(err: unknown): boolean {
  return err instanceof ObjectTooLargeError || (err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The account's quota in bytes; 0 is unlimited. */
export async function storageLimit(deps: Pick<FileDeps, 'db' | 'config'>, accountId: number): Promise<number> {
  return (await q.accountStorageLimit(deps.db, accountId)) ?? deps.config.accountStorageLimitBytes;
}

function overQuota(used: number, size: number, limit: number): boolean {
  return limit > 0 && used + size >= limit;
}

/**
 * Checks an upload before its content arrives (tus creation): project access, extension, size, quota.
 * `ingestFile` repeats every check when the content is there.
 */
export async function precheckUpload(deps: FileDeps, actor: Actor, input: { projectId?: number; originalName: string; size?: number }) {
  const extension = extensionOf(input.originalName);
  if (input.projectId !== undefined) {
    const { project } = await requireProject(deps.db, actor, input.projectId, 'project.edit');
    return precheckProjectUpload(deps, project, { ...input, extension });
  }
  const accountId = actor.accountId;
  const refusal = settingImageRefusal(extension, await q.accountBlockedExtensions(deps.db, accountId));
  if (refusal) throw refuse(refusal, 'EXTENSION_NOT_ALLOWED');
  await precheckSize(deps, accountId, input.size);
  return { accountId, projectId: input.projectId ?? null, extension };
}

async function precheckSize(deps: FileDeps, accountId: number, size: number | undefined) {
  if (size === undefined) return;
  if (size > deps.config.uploadMaxBytes) throw new PayloadTooLargeError(deps.config.uploadMaxBytes);
  const limit = await storageLimit(deps, accountId);
  if (overQuota(await q.usedBytes(deps.db, accountId), size, limit)) throw refuse(STORAGE_LIMIT_EXCEEDED, 'STORAGE_LIMIT');
}

/** The checks of an upload into a project whose access the caller has settled: extension (type, account and project blocks), size, quota. */
async function precheckProjectUpload(deps: FileDeps, project: CheckedProject['project'], input: { extension: string; size?: number }) {
  const blocked = [...(await q.accountBlockedExtensions(deps.db, project.accountId)), ...project.blockedExtensions];
  const refusal = extensionRefusal(input.extension, project.projectType, blocked);
  if (refusal) throw refuse(refusal, 'EXTENSION_NOT_ALLOWED');
  await precheckSize(deps, project.accountId, input.size);
  return { accountId: project.accountId, projectId: project.id as number | null, extension: input.extension };
}

/** Who stores a file: a signed-in caller (and the API token they used), or nobody (a submission request's public page). */
export interface Uploader {
  userId: number | null;
  tokenId: number | null;
}

/**
 * Stores a file for a project through a public address (a submission request's token, decision 0032): the same
 * checks and storage as `ingestFile`, for a project the address was checked against (access/submissions.ts).
 */
export async function ingestPublicFile(deps: FileDeps, project: CheckedProjectRow, input: IngestInput): Promise<Upload> {
  const target = await precheckProjectUpload(deps, project, { extension: extensionOf(input.originalName), size: input.declaredSize });
  return storeFile(deps, { userId: null, tokenId: null }, target, input);
}
type CheckedProjectRow = LiveSubmission['project'];

/**
 * Stores an uploaded file as a `files` row: the one path for multipart and tus uploads. Refusals (access,
 * extension, size 413, quota, content not matching the extension) leave no row and no stored object.
 */
export async function ingestFile(deps: FileDeps, actor: Actor, input: IngestInput): Promise<Upload> {
  const target = await precheckUpload(deps, actor, {
    projectId: input.projectId,
    originalName: input.originalName,
    size: input.declaredSize,
  });
  return storeFile(deps, actor, target, input);
}

/** Streams the content into storage, checks it (size, magic bytes, SVG sanitising, quota) and records the `files` row. */
async function storeFile(
  deps: FileDeps,
  uploader: Uploader,
  { accountId, projectId, extension }: { accountId: number; projectId: number | null; extension: string },
  input: IngestInput,
): Promise<Upload> {
  const key = newOriginalKey();
  const body = 'stream' in input.source ? input.source.stream : createReadStream(input.source.path);
  let stored: { size: number; sha256: string };
  try {
    stored = await deps.storage.put(key, body, { maxBytes: deps.config.uploadMaxBytes });
  } catch (err) {
    await deps.storage.delete(key).catch(() => {});
    if (isTooLarge(err)) throw new PayloadTooLargeError(deps.config.uploadMaxBytes);
    throw err;
  }
  try {
    if (stored.size === 0) throw refuse('The file is empty');
    const local = await deps.storage.localPath(key);
    let mime: string;
    try {
      mime = (await detectContent(local.path, extension)).mime;
      if (extension === 'svg') {
        if (stored.size > SVG_MAX_BYTES) throw refuse(`SVG files over ${formatMb(SVG_MAX_BYTES)} are not accepted`);
        const clean = await sanitizeSvg(await readFile(local.path, 'utf8'));
        stored = await deps.storage.put(key, Readable.from([Buffer.from(clean, 'utf8')]));
      }
    } catch (err) {
      if (err instanceof ContentMismatchError) throw refuse(err.message, 'CONTENT_MISMATCH');
      throw err;
    } finally {
      await local.release();
    }
    const limit = await storageLimit(deps, accountId);
    const uploadToken = newUploadToken();
    return await deps.db.transaction(async (tx) => {
      await q.lockAccountStorage(tx, accountId);
      if (overQuota(await q.usedBytes(tx, accountId), stored.size, limit)) throw refuse(STORAGE_LIMIT_EXCEEDED, 'STORAGE_LIMIT');
      const file = await q.insertFile(tx, {
        accountId,
        uploadedBy: uploader.userId,
        storageKey: key,
        originalName: displayName(input.originalName),
        extension,
        mimeType: mime,
        size: stored.size,
        sha256: stored.sha256,
        tusUploadId: input.tusUploadId ?? null,
        uploadTokenHash: sha256(uploadToken),
        uploadedViaTokenId: uploader.tokenId,
      });
      await audit(tx, { accountId, userId: uploader.userId }, 'file:upload', file.id, {
        project_id: projectId,
        size: file.size,
        extension,
      });
      return { ...file, uploadToken };
    });
  } catch (err) {
    await deps.storage.delete(key).catch(() => {});
    throw err;
  }
}

/** A stored upload with the token that names it in the API (`file_id`); only its hash is kept. */
export type Upload = q.FileRow & { uploadToken: string };

/** 128 random bits: what `file_id` is in the API, so upload ids cannot be enumerated. */
function newUploadToken(): string {
  return randomToken(16);
}

/** `POST /api/upload` answer: `file_id` (and `id`) is the upload's token, usable once by its uploader (access/uploads.ts). */
export function presentUpload(file: Upload) {
  return {
    file_id: file.uploadToken,
    id: file.uploadToken,
    generic_url: `/api/file-icon/file-${file.extension || 'file'}.svg`,
    payload: { name: file.originalName, extension: file.extension, size: file.size, mime_type: file.mimeType },
  };
}

export async function storageUsage(deps: Pick<FileDeps, 'db' | 'config'>, actor: Actor): Promise<StorageUsage> {
  const used = await q.usedBytes(deps.db, actor.accountId);
  const limit = await storageLimit(deps, actor.accountId);
  return { used_bytes: used, limit_bytes: limit, used_kb: Math.ceil(used / 1024), max_kb: Math.floor(limit / 1024) };
}

/**
 * The file a finished tus upload became; only its uploader (the same token, when a token uploaded it) may ask, and
 * only while it is unused. Each answer names it by a new token, so an earlier answer's token stops working.
 */
export async function fileOfTusUpload(db: Db, actor: Actor, uploadId: string) {
  const file = await q.findFileByTusUpload(db, uploadId);
  const mine =
    file &&
    file.accountId === actor.accountId &&
    file.uploadedBy === actor.userId &&
    (file.uploadedViaTokenId === null || file.uploadedViaTokenId === actor.tokenId);
  if (!file || !mine || file.claimedAt !== null) {
    throw new ValidationError({ uploadId: ['Unknown or unfinished upload'] }, 'Unknown or unfinished upload');
  }
  const token = newUploadToken();
  await q.setUploadToken(db, file.id, sha256(token));
  return { file_id: token };
}

export const ORPHAN_AGE_MS = 24 * 3_600_000;

/**
 * Deletes temporary files a crash left in the storage's temporary directory (half-written uploads, spooled
 * multipart bodies, preview pixel files) once untouched for a day; in use they are written to or gone in seconds.
 */
export function cleanupTemporaryFiles(storage: Pick<Storage, 'tempDir'>, olderThanMs = ORPHAN_AGE_MS): Promise<number> {
  return removeStaleEntries(storage.tempDir(), olderThanMs, { filesOnly: true });
}

/**
 * Deletes files that nothing uses (no revision, no attachment) once they are older than a day, with their
 * stored objects. Uploads whose asset was never created end here.
 */
export async function cleanupOrphanFiles(deps: Pick<FileDeps, 'db' | 'storage'>, olderThanMs = ORPHAN_AGE_MS): Promise<number> {
  const before = new Date(Date.now() - olderThanMs);
  let removed = 0;
  for (;;) {
    const batch = await q.orphanFiles(deps.db, before, 500);
    if (batch.length === 0) return removed;
    let progress = false;
    for (const f of batch) {
      if (await q.deleteUnusedFile(deps.db, f.id)) {
        await deps.storage.delete(f.storageKey).catch(() => {});
        removed++;
        progress = true;
      }
    }
    if (!progress) return removed;
  }
}
