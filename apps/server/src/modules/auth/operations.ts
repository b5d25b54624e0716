import type { AccountRole, LoginBody } from '@emblem/core';
import { requireScoped } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { TooManyRequestsError, UnauthorizedError } from '../../http/errors.js';
import { randomToken, sha256, verifyPassword } from '../../lib/secrets.js';
import * as q from './queries.js';
import type { ResolvedSession, SessionCache } from './session-cache.js';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
const TOUCH_EVERY_MS = 5 * 60_000;

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

export interface NewSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
  user: { id: number; name: string | null; email: string };
}

/**
 * Signs in with e-mail and password. More than LOGIN_MAX_FAILURES failures for one e-mail and IP inside
 * LOGIN_WINDOW_MS are refused with 429 before the password is even checked.
 */
export async function login(db: Db, input: LoginBody, client: Client, ttlMs: number): Promise<NewSession> {
  const key = `login:${input.email}:${client.ip ?? '-'}`;
  const failures = await q.countRecentFailures(db, key, LOGIN_WINDOW_MS);
  if (failures >= LOGIN_MAX_FAILURES) {
    const oldest = await q.oldestRecentFailure(db, key, LOGIN_WINDOW_MS);
    const retry = oldest ? Math.max(1, Math.ceil((oldest.getTime() + LOGIN_WINDOW_MS - Date.now()) / 1000)) : 900;
    throw new TooManyRequestsError('Too many failed sign-in attempts. Try again later.', retry);
  }
  const user = await q.findUserByEmail(db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  const membership = user && valid ? await q.findPrimaryMembership(db, user.id) : null;
  if (!user || !valid || !membership) {
    await q.insertFailure(db, key);
    if (Math.random() < 0.01) await q.pruneFailures(db, 24 * 3_600_000);
    throw new UnauthorizedError('Invalid email or password');
  }
  return db.transaction(async (tx) => {
    const session = await createSession(tx, user.id, client, ttlMs);
    await audit(tx, { accountId: membership.accountId, userId: user.id }, 'auth:login', user.id);
    return { ...session, user: { id: user.id, name: user.name, email: user.email } };
  });
}

export async function createSession(db: Db, userId: number, client: Client, ttlMs: number) {
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await q.insertSession(db, {
    tokenHash: sha256(token),
    userId,
    csrfToken,
    userAgent: client.userAgent?.slice(0, 400) ?? null,
    ip: client.ip,
    expiresAt,
  });
  return { token, csrfToken, expiresAt };
}

/**
 * Resolves a session cookie token to an actor; expired, revoked or unknown tokens give null. Answers from `cache`
 * while it holds the token (a few seconds, dropped in every process when the user's access changes).
 */
export async function resolveSession(db: Db, token: string, cache: SessionCache): Promise<ResolvedSession | null> {
  const hash = sha256(token);
  return cache.resolve(hash, async () => {
    const row = await q.findLiveSession(db, hash);
    if (!row) return null;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await q.touchSession(db, row.id);
    const actor: Actor = Object.freeze({
      userId: row.userId,
      accountId: row.accountId,
      role: row.role as AccountRole,
      via: 'session',
      sessionId: row.id,
      tokenId: null,
    });
    return { session: { csrfToken: row.csrfToken, actor }, expiresAt: row.expiresAt };
  });
}

export async function logout(db: Db, actor: Actor): Promise<void> {
  if (actor.sessionId === null) return;
  await db.transaction(async (tx) => {
    await q.revokeSessionById(tx, actor.sessionId as number, actor.userId);
    await audit(tx, actor, 'auth:logout', null);
  });
}

export async function listSessions(db: Db, actor: Actor) {
  const rows = await q.listLiveSessions(db, actor.userId);
  return rows.map((r) => ({
    id: r.id,
    user_agent: r.userAgent,
    ip: r.ip,
    created_at: r.createdAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    current: r.id === actor.sessionId,
  }));
}

/** Revokes one of the caller's own sessions. */
export async function revokeSession(db: Db, actor: Actor, sessionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    requireScoped('session', sessionId, await q.revokeSessionById(tx, sessionId, actor.userId));
    await audit(tx, actor, 'session:revoke', sessionId);
  });
}
