import type { AccountRole } from '@emblem/core';
import { requireScoped } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import { type Actor, requireSession } from '../../http/actor.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import * as q from './queries.js';

export const TOKEN_PREFIX = 'emb_';
const TOUCH_EVERY_MS = 60_000;

/** Creates a personal API token. The plain token is returned only here; only its hash is stored. */
export async function createToken(db: Db, actor: Actor, input: { name: string }) {
  requireSession(actor);
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  return db.transaction(async (tx) => {
    const row = await q.insertToken(tx, {
      userId: actor.userId,
      name: input.name,
      tokenHash: sha256(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
    });
    await audit(tx, actor, 'token:create', row.id);
    return { id: row.id, name: row.name, token, prefix: row.prefix, created_at: row.createdAt.toISOString() };
  });
}

export async function listTokens(db: Db, actor: Actor) {
  requireSession(actor);
  const rows = await q.listTokens(db, actor.userId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the caller's own tokens; someone else's token is "not found". Tokens are managed with a session only. */
export async function revokeToken(db: Db, actor: Actor, id: number) {
  requireSession(actor);
  await db.transaction(async (tx) => {
    requireScoped('token', id, await q.revokeToken(tx, id, actor.userId));
    await audit(tx, actor, 'token:revoke', id);
  });
}

/** Resolves a bearer token to an actor; unknown or revoked tokens give null. */
export async function resolveToken(db: Db, token: string): Promise<Actor | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await q.findLiveToken(db, sha256(token));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) await q.touchToken(db, row.id);
  return { userId: row.userId, accountId: row.accountId, role: row.role as AccountRole, via: 'token', sessionId: null, tokenId: row.id };
}
