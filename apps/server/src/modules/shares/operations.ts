import type { CreateShareLinkBody, ShareLinkListQuery, ShareLinkLookup, ShareLinkResponse, UpdateShareLinkBody } from '@emblem/core';
import {
  type CheckedShareLink,
  isExpired,
  isUnlocked,
  liveShareLink,
  loadAccount,
  requireAsset,
  requireAssets,
  requireCollection,
  requireFolder,
  requireFolderIn,
  requireProject,
  requireShareLink,
  unlockCookieName,
  unlockValue,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../http/errors.js';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/secrets.js';
import { countRecentFailures, insertFailure, newestRecentFailure, oldestRecentFailure, withdrawNewestFailure } from '../auth/public.js';
import type { ProjectRow } from '../projects/public.js';
import * as q from './queries.js';

/** Project types whose contents may be shared publicly (data-api.md §6), and never personal projects. */
const SHAREABLE_TYPES = new Set(['WORKSPACE', 'MEDIALIBRARY', 'DOCUMENTLIBRARY', 'ICONLIBRARY', 'LOGOLIBRARY']);
export const SHARING_OFF =
  'Public asset sharing is off for this account: an account admin turns on "Public asset sharing" in account settings';

/** 24 random bytes: 192 bits, 32 characters in the address. */
const TOKEN_BYTES = 24;

export interface ShareDeps {
  db: Db;
  publicUrl: string;
}

const addressOf = (deps: ShareDeps, token: string) => `${deps.publicUrl}/share/${token}`;

function present(row: q.ShareLinkWithCreator, url: string | null = null): ShareLinkResponse {
  const { link } = row;
  return {
    id: link.id,
    type: link.type as ShareLinkResponse['type'],
    url,
    is_enabled: link.isEnabled,
    is_password_protected: link.passwordHash !== null,
    has_expiration_date: link.expiresAt !== null,
    expires_at: link.expiresAt?.toISOString() ?? null,
    is_expired: isExpired(link),
    download: link.download as ShareLinkResponse['download'],
    project_id: link.projectId,
    asset_ids: link.assetIds,
    set_id: link.setId,
    collection_id: link.collectionId,
    open_count: link.openCount,
    download_count: link.downloadCount,
    last_opened_at: link.lastOpenedAt?.toISOString() ?? null,
    created_at: link.createdAt.toISOString(),
    creator: link.createdBy !== null ? { id: link.createdBy, name: row.creatorName ?? '' } : null,
  };
}

async function presentById(db: Db, id: number, url: string | null = null) {
  const row = await q.withCreator(db, id);
  if (!row) throw new NotFoundError();
  return present(row, url);
}

function assertShareable(project: ProjectRow, field: string) {
  if (!SHAREABLE_TYPES.has(project.projectType) || project.personal)
    throw new ValidationError({ [field]: ['Public sharing is offered for libraries and workspaces, not for this project'] });
}

async function assertSharingOn(db: Db, actor: Actor) {
  const account = await loadAccount(db, actor);
  if (!(account.featureFlags as string[]).includes('PUBLIC_ASSET_SHARING')) throw new ForbiddenError(SHARING_OFF);
}

/** The project a new link belongs to, after checking the caller may change what it shares (EDIT). */
async function targetOf(db: Db, actor: Actor, body: CreateShareLinkBody) {
  if (body.type === 'asset') {
    const ids = [...new Set(body.asset_ids)];
    const rows = await requireAssets(db, actor, ids, 'asset.edit');
    const projects = new Set(rows.map((a) => a.projectId));
    if (projects.size !== 1) throw new ValidationError({ asset_ids: ['Share assets of one library at a time'] });
    const { project } = await requireProject(db, actor, rows[0]!.projectId, 'project.edit');
    assertShareable(project, 'asset_ids');
    return { project, values: { assetIds: ids } };
  }
  if (body.type === 'folder') {
    const { project, set } = await requireFolder(db, actor, body.set_id, 'folder.edit');
    assertShareable(project, 'set_id');
    return { project, values: { setId: set.id } };
  }
  const { project, collection } = await requireCollection(db, actor, body.collection_id, 'collection.edit');
  assertShareable(project, 'collection_id');
  return { project, values: { collectionId: collection.id } };
}

/** POST /api/share-link: the link, with its address (shown this once). */
export async function createShareLink(deps: ShareDeps, actor: Actor, body: CreateShareLinkBody): Promise<ShareLinkResponse> {
  await assertSharingOn(deps.db, actor);
  const { project, values } = await targetOf(deps.db, actor, body);
  const token = randomToken(TOKEN_BYTES);
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const id = await deps.db.transaction(async (tx) => {
    const row = await q.insertShareLink(tx, {
      accountId: project.accountId,
      projectId: project.id,
      type: body.type,
      ...values,
      tokenHash: sha256(token),
      passwordHash,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      download: body.download,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'share-link:create', row.id, {
      type: body.type,
      password: passwordHash !== null,
      expires_at: body.expires_at ?? null,
      download: body.download,
    });
    return row.id;
  });
  return presentById(deps.db, id, addressOf(deps, token));
}

/** GET /api/project/{id}/share-links (EDIT): the project's links, optionally those of one asset, folder or collection. */
export async function listShareLinks(db: Db, actor: Actor, projectId: number, query: ShareLinkListQuery): Promise<ShareLinkResponse[]> {
  const access = await requireProject(db, actor, projectId, 'project.edit');
  // Each filter names a record of this project (a claim checked like any other).
  if (query.asset_id !== undefined && (await requireAsset(db, actor, query.asset_id, 'asset.edit')).asset.projectId !== projectId)
    throw new ValidationError({ asset_id: ['Is not an asset of this project'] });
  if (query.set_id !== undefined) await requireFolderIn(db, access, query.set_id);
  if (
    query.collection_id !== undefined &&
    (await requireCollection(db, actor, query.collection_id, 'collection.edit')).collection.projectId !== projectId
  )
    throw new ValidationError({ collection_id: ['Is not a collection of this project'] });
  const rows = await q.linksOfProject(db, projectId, { assetId: query.asset_id, setId: query.set_id, collectionId: query.collection_id });
  return rows.map((r) => present(r));
}

/** PATCH /api/share-link/{id}: on or off, password (null removes it), expiry (null: none), downloads. */
export async function updateShareLink(db: Db, actor: Actor, id: number, body: UpdateShareLinkBody): Promise<ShareLinkResponse> {
  const link = await requireShareLink(db, actor, id);
  const passwordHash = body.password === undefined ? undefined : body.password === null ? null : await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await q.updateShareLink(tx, link.id, {
      isEnabled: body.is_enabled,
      passwordHash,
      expiresAt: body.expires_at === undefined ? undefined : body.expires_at === null ? null : new Date(body.expires_at),
      download: body.download,
    });
    await audit(tx, actor, 'share-link:update', link.id, {
      fields: Object.keys(body),
    });
  });
  return presentById(db, id);
}

/** POST /api/share-link/{id}/address: a new address; the old one stops working at once. */
export async function renewShareLinkAddress(deps: ShareDeps, actor: Actor, id: number): Promise<ShareLinkResponse> {
  const link = await requireShareLink(deps.db, actor, id);
  const token = randomToken(TOKEN_BYTES);
  await deps.db.transaction(async (tx) => {
    await q.updateShareLink(tx, link.id, { tokenHash: sha256(token) });
    await audit(tx, actor, 'share-link:address', link.id);
  });
  return presentById(deps.db, id, addressOf(deps, token));
}

/** DELETE /api/share-link/{id}: the address stops working at once. */
export async function deleteShareLink(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  const link: CheckedShareLink = await requireShareLink(db, actor, id);
  await db.transaction(async (tx) => {
    await q.deleteShareLink(tx, link.id);
    await audit(tx, actor, 'share-link:delete', link.id, { type: link.type });
  });
  return { id };
}

/* Visitors */

/** The link of an address when visitors may use it; the rules live in the access layer (access/share-visitors.ts). */
export const liveLinkOf = liveShareLink;
export { isExpired, isUnlocked, unlockCookieName, unlockValue };
export const UNLOCK_HOURS = 12;

function destination(link: q.ShareLinkRow): Pick<ShareLinkLookup, 'destination_path' | 'token_payload'> {
  if (link.type === 'folder') return { destination_path: `fs/folders/${link.setId}`, token_payload: { set_id: link.setId as number } };
  if (link.type === 'collection')
    return { destination_path: `cs/collections/${link.collectionId}`, token_payload: { collection_id: link.collectionId as number } };
  return { destination_path: `as/assets/${link.assetIds[0]}`, token_payload: { asset_ids: link.assetIds } };
}

/** GET /api/share-link/{token} (visitors): where the link leads, and whether this browser has unlocked it. */
export async function lookupShareLink(
  db: Db,
  token: string,
  unlockCookieOf: (link: q.ShareLinkRow) => string | null,
): Promise<ShareLinkLookup> {
  const link = await liveLinkOf(db, token);
  const unlockCookie = unlockCookieOf(link);
  await q.countOpen(db, link.id);
  return {
    id: token,
    type: link.type as ShareLinkLookup['type'],
    is_password_protected: link.passwordHash !== null,
    is_unlocked: isUnlocked(link, unlockCookie),
    ...destination(link),
  };
}

/** Wrong passwords per link and address inside the window before 429, and per address over all links. */
export const UNLOCK_WINDOW_MS = 15 * 60_000;
export const UNLOCK_MAX_PER_LINK = 10;
export const UNLOCK_MAX_PER_IP = 50;
/** From this many failures on, each next try waits 1, 2, 4 … seconds after the last one. */
const FREE_TRIES = 3;

const retryAfter = (since: Date | null, waitMs: number) =>
  Math.max(1, Math.ceil(((since?.getTime() ?? Date.now()) + waitMs - Date.now()) / 1000));

/**
 * POST /api/share-link/{token}/unlock: the password of a link. Wrong ones are throttled per link and address
 * (growing delays, then 429) and per address; the attempt is counted before the hash is compared and taken back
 * when the password is right. Nothing locks the link for others: another address still gets in with the password.
 */
export async function unlockShareLink(db: Db, token: string, password: string, ip: string): Promise<{ link: q.ShareLinkRow; until: Date }> {
  const link = await liveLinkOf(db, token);
  const until = new Date(Date.now() + UNLOCK_HOURS * 3_600_000);
  if (link.passwordHash === null) return { link, until };
  const perLink = `share:${link.id}:${ip}`;
  const perIp = `share-ip:${ip}`;
  const failures = await countRecentFailures(db, perLink, UNLOCK_WINDOW_MS);
  if (failures >= UNLOCK_MAX_PER_LINK)
    throw new TooManyRequestsError(
      'Too many wrong passwords: try again later',
      retryAfter(await oldestRecentFailure(db, perLink, UNLOCK_WINDOW_MS), UNLOCK_WINDOW_MS),
    );
  if ((await countRecentFailures(db, perIp, UNLOCK_WINDOW_MS)) >= UNLOCK_MAX_PER_IP)
    throw new TooManyRequestsError(
      'Too many wrong passwords: try again later',
      retryAfter(await oldestRecentFailure(db, perIp, UNLOCK_WINDOW_MS), UNLOCK_WINDOW_MS),
    );
  if (failures >= FREE_TRIES) {
    const waitMs = 1000 * 2 ** (failures - FREE_TRIES);
    const last = await newestRecentFailure(db, perLink, UNLOCK_WINDOW_MS);
    if (last && last.getTime() + waitMs > Date.now())
      throw new TooManyRequestsError('Too many wrong passwords: wait a moment', retryAfter(last, waitMs));
  }
  await insertFailure(db, perLink);
  await insertFailure(db, perIp);
  if (await verifyPassword(link.passwordHash, password)) {
    await withdrawNewestFailure(db, perLink);
    await withdrawNewestFailure(db, perIp);
    return { link, until };
  }
  throw new UnauthorizedError('Wrong password');
}
