import type { Db } from '../db/client.js';
import { NotFoundError, UnauthorizedError } from '../http/errors.js';
import { sha256 } from '../lib/secrets.js';
import { findPermissionTokenByHash, type PermissionTokenRow } from '../modules/shares/permission-tokens-queries.js';
import { noteChecked } from './claims.js';

/**
 * Permission tokens (decision 0034): the bearer of a token holds its level on the assets it names, whoever they
 * are (no session needed); nothing else. Unknown tokens are 404, expired ones 401.
 */
export const UNKNOWN_PERMISSION_TOKEN = 'This permission token does not exist';
export const EXPIRED_PERMISSION_TOKEN = 'This permission token has expired: ask for a new one';

export async function requirePermissionToken(db: Db, token: string): Promise<PermissionTokenRow> {
  const row = await findPermissionTokenByHash(db, sha256(token));
  if (!row) throw new NotFoundError(UNKNOWN_PERMISSION_TOKEN);
  if (row.expiresAt.getTime() <= Date.now()) throw new UnauthorizedError(EXPIRED_PERMISSION_TOKEN);
  return row;
}

/** The asset ids a request names under a token: each must be one of the token's (404 otherwise, like a missing asset). */
export function requireGrantedAssets(grant: PermissionTokenRow, ids: readonly number[]): number[] {
  const granted = new Set(grant.assetIds);
  for (const id of ids) {
    noteChecked('asset', id);
    if (!granted.has(id)) throw new NotFoundError('This permission token does not cover these assets');
  }
  return [...new Set(ids)];
}
