import { type AccountRole, levelAtLeast } from '@emblem/core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError, UnauthorizedError } from '../http/errors.js';
import { sha256 } from '../lib/secrets.js';
import { findMember } from '../modules/accounts/queries.js';
import { findCollection } from '../modules/collections/queries.js';
import { findShareLink, findShareLinkByTokenHash, type ShareLinkRow, targetIsLive } from '../modules/shares/queries.js';
import {
  childFolders,
  collectionAssetProjects,
  liveSubtree,
  type SharedScope,
  scopeHasAssetToken,
  sharedAssets,
  type VisitorAssetRow,
} from '../modules/shares/visitor-queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { projectLevels } from './projects.js';

/**
 * Visitors of share links (no account): a link's address token is their only credential. A visit is allowed while
 * the link is enabled, not expired, what it shares still exists, and (for a password-protected link) this browser
 * holds the signed unlock cookie of the link's current password; otherwise 404 (401 for a locked link). What the
 * visit shows is worked out on each request: an asset link's assets, a folder link's folder and every live folder
 * below it (never above), a collection's assets in projects where the link's creator still has EDIT (decision 0030).
 * Assets in the trash, expired, waiting as submissions or links (URL assets) are never shown.
 */

export const GONE = 'This share link does not exist, was turned off or has expired';
export const LOCKED = 'This share link is protected by a password: unlock it first';

export const isExpired = (link: Pick<ShareLinkRow, 'expiresAt'>, now = Date.now()) =>
  link.expiresAt !== null && link.expiresAt.getTime() <= now;

/** The unlock cookie's name: one per link. */
export const unlockCookieName = (link: Pick<ShareLinkRow, 'id'>) => `emblem_share_${link.id}`;

/** The unlock cookie's value: the link, a tag of its current password hash, and until when (unix seconds). */
export function unlockValue(link: Pick<ShareLinkRow, 'id' | 'passwordHash'>, until: Date): string {
  return `${link.id}.${sha256(link.passwordHash ?? '').slice(0, 16)}.${Math.floor(until.getTime() / 1000)}`;
}

/** Whether a (signature-checked) unlock cookie value opens the link as it is now. */
export function isUnlocked(link: ShareLinkRow, cookieValue: string | null): boolean {
  if (link.passwordHash === null) return true;
  if (!cookieValue) return false;
  const [id, tag, until] = cookieValue.split('.');
  return id === String(link.id) && tag === sha256(link.passwordHash).slice(0, 16) && Number(until) * 1000 > Date.now();
}

/** Reads the signed unlock cookie of a link from a request (null when absent or tampered with). */
export type UnlockCookieReader = (link: Pick<ShareLinkRow, 'id'>) => string | null;
export function unlockCookieReader(req: FastifyRequest): UnlockCookieReader {
  return (link) => {
    const raw = req.cookies[unlockCookieName(link)];
    if (!raw) return null;
    const unsigned = req.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  };
}

function isLive(link: ShareLinkRow | null): link is ShareLinkRow {
  return Boolean(link?.isEnabled) && !isExpired(link as ShareLinkRow);
}

/** The link of an address when visitors may use it (enabled, not expired, its target still there); else 404. */
export async function liveShareLink(db: Db, token: string): Promise<ShareLinkRow> {
  const link = await findShareLinkByTokenHash(db, sha256(token));
  if (!isLive(link) || !(await targetIsLive(db, link))) throw new NotFoundError(GONE);
  return link;
}

/**
 * The tag media URLs of a link carry: derived from the link's address hash, so a new address ends every media URL
 * handed out under the old one. Reveals nothing of the address.
 */
export const mediaTagOf = (link: Pick<ShareLinkRow, 'tokenHash'>) => sha256(`media:${link.tokenHash}`).slice(0, 12);

/** The link's creator as they are now in its account (null when they left it or were deleted). */
async function creatorOf(db: Db, link: ShareLinkRow): Promise<Actor | null> {
  if (link.createdBy === null) return null;
  const member = await findMember(db, link.accountId, link.createdBy);
  if (!member) return null;
  return { userId: member.id, accountId: link.accountId, role: member.role as AccountRole, via: 'session', sessionId: null, tokenId: null };
}

type LinkScope = { scope: SharedScope; tree: Awaited<ReturnType<typeof liveSubtree>>; title: string; description: string };

async function scopeOfLink(db: Db, link: ShareLinkRow): Promise<LinkScope> {
  if (link.type === 'folder' && link.setId !== null) {
    const tree = await liveSubtree(db, link.setId);
    const scope: SharedScope = { kind: 'folder', accountId: link.accountId, projectId: link.projectId, folderIds: tree.map((f) => f.id) };
    return { scope, tree, title: tree[0]?.name ?? '', description: '' };
  }
  if (link.type === 'collection' && link.collectionId !== null) {
    const creator = await creatorOf(db, link);
    const levelOf = creator ? projectLevels(db, creator) : null;
    const projectIds: number[] = [];
    if (levelOf)
      for (const id of await collectionAssetProjects(db, link.collectionId))
        if (levelAtLeast(await levelOf(id), 'EDIT')) projectIds.push(id);
    const collection = await findCollection(db, link.collectionId);
    return {
      scope: { kind: 'collection', accountId: link.accountId, collectionId: link.collectionId, projectIds },
      tree: [],
      title: collection?.name ?? '',
      description: collection?.description ?? '',
    };
  }
  return {
    scope: { kind: 'asset', accountId: link.accountId, projectId: link.projectId, assetIds: link.assetIds },
    tree: [],
    title: '',
    description: '',
  };
}

export interface ShareVisit {
  link: ShareLinkRow;
  /** The address the visitor used (for the URLs handed back). */
  token: string;
  scope: SharedScope;
  /** A folder link's live folders, the shared one first. */
  tree: { id: number; parentId: number | null; name: string }[];
  /** A collection's name and description, a folder link's folder name; empty for asset links. */
  title: string;
  description: string;
}
export type CheckedShareVisit = Checked<'share_link', ShareVisit>;

/** A visit through an address: 404 for an unknown, disabled or expired link, 401 for a locked one. */
export async function requireShareVisit(db: Db, token: string, cookieOf: UnlockCookieReader): Promise<CheckedShareVisit> {
  const link = await liveShareLink(db, token);
  noteChecked('share_link', link.id);
  if (!isUnlocked(link, cookieOf(link))) throw new UnauthorizedError(LOCKED);
  return seal('share_link', link.id, { link, token, ...(await scopeOfLink(db, link)) });
}

/** A folder a folder link shows (the shared folder or a live one below it), with its path from the shared folder. */
export async function requireSharedFolder(db: Db, visit: CheckedShareVisit, folderId: number) {
  noteChecked('folder', folderId);
  const byId = new Map(visit.tree.map((f) => [f.id, f]));
  const folder = byId.get(folderId);
  if (visit.scope.kind !== 'folder' || !folder) throw new NotFoundError();
  const breadcrumbs: { id: number; name: string }[] = [];
  // Up from the folder to the shared one, never above it.
  for (let f: typeof folder | undefined = folder; f; f = byId.get(f.parentId ?? -1)) {
    breadcrumbs.unshift({ id: f.id, name: f.name });
    if (f.id === visit.tree[0]?.id) break;
  }
  return { folder: { id: folder.id, name: folder.name }, breadcrumbs, children: await childFolders(db, folderId) };
}

/** One asset the visit shows (with its current revision and file); 404 for any other id. */
export async function requireSharedAsset(db: Db, visit: CheckedShareVisit, assetId: number): Promise<VisitorAssetRow> {
  noteChecked('asset', assetId);
  const { rows } = await sharedAssets(db, visit.scope, { assetId });
  if (!rows[0]) throw new NotFoundError();
  return rows[0];
}

/** A page of the assets the visit shows (a folder link: of one of its folders). */
export function sharedAssetPage(db: Db, visit: CheckedShareVisit, opts: { folderId?: number; limit: number; offset: number }) {
  return sharedAssets(db, visit.scope, opts);
}

/** Every asset the visit shows (a folder link: of a folder and the folders below it), for a ZIP. */
export function allSharedAssets(db: Db, visit: CheckedShareVisit) {
  return sharedAssets(db, visit.scope, {});
}

export const NO_DOWNLOADS = 'This share link does not offer downloads';

/** What a link's `download` offers its visitors: ORIGINAL everything, PREVIEW rendered previews one at a time, NONE nothing. */
export function shareOffers(download: string): { original: boolean; preview: boolean; zip: boolean } {
  return { original: download === 'ORIGINAL', preview: download !== 'NONE', zip: download === 'ORIGINAL' };
}

/** The media scope parameter of a link: `sl={linkId}.{tag}`. */
export type ShareMediaScope = { linkId: number; tag: string };

/**
 * Whether a media URL scoped to a share link may be served now: the link is live and unlocked for this browser,
 * its address unchanged since the URL was made, and it still shows the asset. 'locked' for a password link this
 * browser has not unlocked.
 */
export async function shareScopeShowsAsset(
  db: Db,
  scope: ShareMediaScope,
  assetToken: string,
  cookieOf: UnlockCookieReader,
): Promise<'ok' | 'locked' | 'gone'> {
  const link = await findShareLink(db, scope.linkId);
  if (!isLive(link) || mediaTagOf(link) !== scope.tag || !(await targetIsLive(db, link))) return 'gone';
  if (!isUnlocked(link, cookieOf(link))) return 'locked';
  const { scope: shared } = await scopeOfLink(db, link);
  return (await scopeHasAssetToken(db, shared, assetToken)) ? 'ok' : 'gone';
}
