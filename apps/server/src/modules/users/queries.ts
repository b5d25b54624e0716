import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, emailVerifications, memberships, sessions, users } from '../../db/schema.js';

/** A user as seen from one account: the user's row, their role and the account's name. */
export async function findUserInAccount(db: Db, userId: number, accountId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      language: users.language,
      avatar: users.avatar,
      gravatarHash: users.gravatarHash,
      createdAt: users.createdAt,
      role: memberships.role,
      accountId: accounts.id,
      accountName: accounts.name,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(users.id, userId), eq(memberships.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** The fields of one's own profile that PUT /api/user/profile changes. */
export async function updateUser(db: Db, userId: number, values: { name?: string; language?: string; avatar?: string | null }) {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  await db.update(users).set(set).where(eq(users.id, userId));
}

export async function findCredentials(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Revokes every live session of the user except `keep` (the caller's own); answers how many. */
export async function revokeOtherSessions(db: Db, userId: number, keep: number | null) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep === null ? undefined : ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Whether another user signs in with this address (compared case-insensitively, like the unique index). */
export async function emailTakenByOther(db: Db, email: string, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/** A new request supersedes the user's earlier links that were not used. */
export async function deleteUnusedVerifications(db: Db, userId: number) {
  await db.delete(emailVerifications).where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
}

export async function insertVerification(db: Db, values: { userId: number; email: string; tokenHash: string; expiresAt: Date }) {
  const [row] = await db.insert(emailVerifications).values(values).returning({ id: emailVerifications.id });
  if (!row) throw new Error('email verification insert returned nothing');
  return row;
}

export async function deleteVerification(db: Db, id: number) {
  await db.delete(emailVerifications).where(eq(emailVerifications.id, id));
}

export async function findVerificationByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: emailVerifications.id,
      userId: emailVerifications.userId,
      email: emailVerifications.email,
      expiresAt: emailVerifications.expiresAt,
      usedAt: emailVerifications.usedAt,
      expired: sql<boolean>`${emailVerifications.expiresAt} <= now()`,
    })
    .from(emailVerifications)
    .where(eq(emailVerifications.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks a link used, once: false when another request used it first. */
export async function consumeVerification(db: Db, id: number) {
  const rows = await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerifications.id, id), isNull(emailVerifications.usedAt)))
    .returning({ id: emailVerifications.id });
  return rows.length > 0;
}

/** After a verification the user's other open links stop working. */
export async function retireVerifications(db: Db, userId: number) {
  await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
}

/** Sets the verified address (and the gravatar hash that follows it); answers the verification time. */
export async function setVerifiedEmail(db: Db, userId: number, email: string, gravatarHash: string) {
  const [row] = await db
    .update(users)
    .set({ email, gravatarHash, emailVerifiedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ email: users.email, emailVerifiedAt: users.emailVerifiedAt });
  if (!row) throw new Error('user update returned nothing');
  return row;
}

/** The address of the user's open change request (another address than the current one), if any. */
export async function findPendingEmail(db: Db, userId: number, currentEmail: string) {
  const [row] = await db
    .select({ email: emailVerifications.email, expiresAt: emailVerifications.expiresAt })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
        ne(emailVerifications.email, currentEmail.toLowerCase()),
      ),
    )
    .orderBy(desc(emailVerifications.createdAt), desc(emailVerifications.id))
    .limit(1);
  return row ?? null;
}
