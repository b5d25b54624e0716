import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { ValidationError } from '../http/errors.js';
import { sha256 } from '../lib/secrets.js';
import { claimUploadRow, type FileRow, findUnusedUpload, findUploadUsedForImages } from '../modules/files/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';

/** How long an upload stays usable; unused uploads are then removed with their bytes (files/operations.ts). */
export const UPLOAD_TTL_MS = 24 * 3_600_000;

/** `file.use`: take an unused upload; `image.recrop`: render again an upload its uploader made a setting image of. */
export type UploadPermission = 'file.use' | 'image.recrop';
export type CheckedUpload = Checked<'upload', FileRow>;

/** One answer for every refusal, so a token of someone else's upload tells nothing about it. */
const unknownUpload = () => new ValidationError({ file_id: ['Unknown or expired upload'] }, 'Unknown or expired upload');

/**
 * An unused upload named by the token `POST /api/upload` answered: a capability of its uploader alone (and, when
 * a personal API token uploaded it, of that token alone), usable once, within UPLOAD_TTL_MS. A file that already
 * belongs to an asset is never reachable this way; it is reused only through operations that check the asset.
 */
export async function requireUpload(db: Db, actor: Actor, token: string, permission: UploadPermission): Promise<CheckedUpload> {
  noteChecked('upload', token);
  const since = new Date(Date.now() - UPLOAD_TTL_MS);
  const file = await (permission === 'file.use' ? findUnusedUpload : findUploadUsedForImages)(db, sha256(token), since);
  if (!file || file.accountId !== actor.accountId || file.uploadedBy !== actor.userId) throw unknownUpload();
  if (file.uploadedViaTokenId !== null && file.uploadedViaTokenId !== actor.tokenId) throw unknownUpload();
  return seal('upload', token, file);
}

/**
 * Takes the upload for good, inside the transaction that stores what uses it: a second use (or a race with
 * another request using the same token) finds it taken and is refused.
 */
export async function claimUpload(tx: Db, upload: CheckedUpload): Promise<FileRow> {
  const claimed = await claimUploadRow(tx, upload.id);
  if (!claimed) throw unknownUpload();
  return claimed;
}
