import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authFailures, memberships, passwordResets, sessions, users } from '../../db/schema.js';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash, language: users.language })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The user's first account membership (the account they act in). */
export async function findPrimaryMembership(db: Db, userId: number) {
  const [row] = await db
    .select({ accountId: memberships.accountId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.accountId))
    .limit(1);
  return row ?? null;
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; userId: number; csrfToken: string; userAgent: string | null; ip: string | null; expiresAt: Date },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** A live session with its user and primary membership, by the hash of the cookie token. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      accountId: memberships.accountId,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(memberships, eq(memberships.userId, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(asc(memberships.createdAt), asc(memberships.accountId))
    .limit(1);
  return rows[0] ?? null;
}

export async function touchSession(db: Db, id: number) {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
}

export async function revokeSessionById(db: Db, id: number, userId: number) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of the user; answers how many. */
export async function revokeAllSessionsOfUser(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function listLiveSessions(db: Db, userId: number) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(asc(sessions.createdAt));
}

export async function countRecentFailures(db: Db, key: string, windowMs: number) {
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gt(authFailures.createdAt, sql`now() - (${windowMs} || ' milliseconds')::interval`)));
  return row?.n ?? 0;
}

export async function oldestRecentFailure(db: Db, key: string, windowMs: number) {
  const [row] = await db
    .select({ at: sql<string>`min(${authFailures.createdAt})` })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gt(authFailures.createdAt, sql`now() - (${windowMs} || ' milliseconds')::interval`)));
  return row?.at ? new Date(row.at) : null;
}

export async function insertFailure(db: Db, key: string) {
  await db.insert(authFailures).values({ key });
}

/** The newest failure of a key inside the window (for delays that grow with each failure). */
export async function newestRecentFailure(db: Db, key: string, windowMs: number) {
  const [row] = await db
    .select({ at: sql<string>`max(${authFailures.createdAt})` })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gt(authFailures.createdAt, sql`now() - (${windowMs} || ' milliseconds')::interval`)));
  return row?.at ? new Date(row.at) : null;
}

/** Takes back the newest failure of a key: an attempt counted before its check turned out right. */
export async function withdrawNewestFailure(db: Db, key: string) {
  await db.execute(
    sql`delete from ${authFailures} where id = (select id from ${authFailures} where key = ${key} order by id desc limit 1)`,
  );
}

export async function pruneFailures(db: Db, olderThanMs: number) {
  await db.delete(authFailures).where(lt(authFailures.createdAt, sql`now() - (${olderThanMs} || ' milliseconds')::interval`));
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now() - interval '1 day'`));
}

/* ---------- password reset links ---------- */

export async function insertPasswordReset(db: Db, values: { userId: number; email: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(passwordResets).values(values);
}

/** A reset link by the hash of its token, whether it is used or expired, and the user's current address. */
export async function findPasswordReset(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      email: passwordResets.email,
      usedAt: passwordResets.usedAt,
      expired: sql<boolean>`${passwordResets.expiresAt} <= now()`,
      currentEmail: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks the link used; false when another request used it first. */
export async function consumePasswordReset(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ id: passwordResets.id });
  return rows.length > 0;
}

/** Ends every other open reset link of the user. */
export async function retirePasswordResets(db: Db, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** The new password; opening a link mailed to the address also proves the address. */
export async function setPasswordFromReset(db: Db, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

/** Removes reset links that ended more than a day ago. */
export async function pruneStalePasswordResets(db: Db) {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, sql`now() - interval '1 day'`));
}
