import type { AssetPage, CreatePermissionTokenBody, PermissionLevel, PermissionTokenListBody, PermissionTokenResponse } from '@emblem/core';
import {
  EXPIRED_PERMISSION_TOKEN,
  loadAccount,
  requireAssets,
  requireGrantedAssets,
  requirePermissionToken,
  requireProject,
  UNKNOWN_PERMISSION_TOKEN,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { type AssetDeps, presentGranted } from '../assets/public.js';
import * as q from './permission-tokens-queries.js';

/**
 * Permission tokens (data-api.md §7.4, decision 0034): a bearer of VIEW on named assets for a while, for other
 * tools to show them without a session. 192 random bits, only the SHA-256 stored, the token shown once.
 */

/** 24 random bytes: 192 bits, 32 base64url characters. */
const TOKEN_BYTES = 24;
/** Project types whose assets may leave the account (data-api.md §6, as share links), never personal projects. */
const SHAREABLE_TYPES = new Set(['WORKSPACE', 'MEDIALIBRARY', 'DOCUMENTLIBRARY', 'ICONLIBRARY', 'LOGOLIBRARY']);
export const UNKNOWN_TOKEN = UNKNOWN_PERMISSION_TOKEN;
export const EXPIRED_TOKEN = EXPIRED_PERMISSION_TOKEN;

/** The level each grant needs on every named asset. */
const NEEDED: Record<PermissionLevel, 'asset.view'> = { VIEW: 'asset.view' };

/** POST /api/asset/permission-token: the caller holds the level on every asset; the token is in this answer only. */
export async function createPermissionToken(db: Db, actor: Actor, body: CreatePermissionTokenBody): Promise<PermissionTokenResponse> {
  const account = await loadAccount(db, actor);
  if (!(account.featureFlags as string[]).includes('PUBLIC_ASSET_SHARING'))
    throw new ForbiddenError(
      'Public asset sharing is off for this account: an account admin turns on "Public asset sharing" in account settings',
    );
  const ids = [...new Set(body.asset_ids)];
  const rows = await requireAssets(db, actor, ids, NEEDED[body.permission_level]);
  for (const projectId of new Set(rows.map((a) => a.projectId))) {
    const { project } = await requireProject(db, actor, projectId, 'project.view');
    if (!SHAREABLE_TYPES.has(project.projectType) || project.personal)
      throw new ValidationError({ asset_ids: ['Assets of this project cannot be shared outside the account'] });
  }
  const token = randomToken(TOKEN_BYTES);
  const expiresAt = new Date(Date.now() + body.expires_in * 1000);
  await db.transaction(async (tx) => {
    const row = await q.insertPermissionToken(tx, {
      accountId: actor.accountId,
      tokenHash: sha256(token),
      assetIds: ids,
      permissionLevel: body.permission_level,
      expiresAt,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'permission-token:create', row.id, {
      asset_ids: ids,
      level: body.permission_level,
      expires_at: expiresAt.toISOString(),
    });
  });
  return { token, permission_level: body.permission_level, asset_ids: ids, expires_at: expiresAt.toISOString() };
}

/** POST /api/asset/list {permission_token}: the token's live assets (optionally only `ids` of them), in its order. */
export async function listByPermissionToken(deps: AssetDeps, body: PermissionTokenListBody): Promise<AssetPage> {
  const grant = await requirePermissionToken(deps.db, body.permission_token);
  const ids = body.ids ? requireGrantedAssets(grant, body.ids) : grant.assetIds;
  const items = await presentGranted(deps, ids, grant.permissionLevel as PermissionLevel, {
    includeUrls: body.include_preview_url ?? false,
    previewWidth: body.preview_width,
  });
  return { items, next_cursor: null, total: items.length };
}

/** GraphQL `assetViewerWithToken`: one asset of the token (404 when it names no such live asset). */
export async function assetWithPermissionToken(deps: AssetDeps, token: string, assetId: number, previewWidth?: number) {
  const grant = await requirePermissionToken(deps.db, token);
  requireGrantedAssets(grant, [assetId]);
  const [asset] = await presentGranted(deps, [assetId], grant.permissionLevel as PermissionLevel, { includeUrls: true, previewWidth });
  if (!asset) throw new NotFoundError();
  return asset;
}
