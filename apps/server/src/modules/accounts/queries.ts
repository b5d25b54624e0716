import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accessRequests, accounts, invitations, memberships, users } from '../../db/schema.js';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccount(db: Db, id: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

export async function insertAccount(
  db: Db,
  values: { name: string; plan?: string; trialPlan?: string; trialEndsAt?: Date | null; featureFlags?: string[] },
) {
  const [row] = await db.insert(accounts).values(values).returning();
  if (!row) throw new Error('account insert returned nothing');
  return row;
}

export async function countAccounts(db: Db) {
  const [row] = await db.select({ n: count() }).from(accounts);
  return row?.n ?? 0;
}

export async function updateFlags(db: Db, accountId: number, flags: string[]) {
  const [row] = await db
    .update(accounts)
    .set({ featureFlags: flags })
    .where(eq(accounts.id, accountId))
    .returning({ featureFlags: accounts.featureFlags });
  return row?.featureFlags ?? [];
}

/** Extends the trial only while it has not been extended yet: the WHERE makes a double extension impossible. */
export async function extendTrial(db: Db, accountId: number, until: Date) {
  const [row] = await db
    .update(accounts)
    .set({ trialEndsAt: until, trialExtendedAt: sql`now()` })
    .where(and(eq(accounts.id, accountId), isNull(accounts.trialExtendedAt)))
    .returning({ trialEndsAt: accounts.trialEndsAt });
  return row ?? null;
}

export async function insertUser(
  db: Db,
  values: { name: string | null; email: string; passwordHash: string | null; gravatarHash: string; language?: string },
) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function insertMembership(db: Db, values: { accountId: number; userId: number; role: string }) {
  await db.insert(memberships).values(values);
}

/** The newest open invitation of the member to the membership's account (a column of it). */
const openInvitation = (column: 'created_at' | 'expires_at') =>
  sql<string | null>`(select i.${sql.raw(column)} from ${invitations} i where i.account_id = ${memberships.accountId}
    and i.user_id = ${memberships.userId} and i.accepted_at is null order by i.id desc limit 1)`;

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  gravatarHash: users.gravatarHash,
  passwordHash: users.passwordHash,
  language: users.language,
  role: memberships.role,
  createdAt: memberships.createdAt,
  invitationSentAt: openInvitation('created_at'),
  invitationExpiresAt: openInvitation('expires_at'),
};

export async function findMember(db: Db, accountId: number, userId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function listMembers(db: Db, accountId: number) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(sql`lower(coalesce(${users.name}, ${users.email}))`), asc(users.id));
}

export async function countOwners(db: Db, accountId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'OWNER')));
  return row?.n ?? 0;
}

export async function updateRole(db: Db, accountId: number, userId: number, role: string) {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
}

export async function deleteMembership(db: Db, accountId: number, userId: number) {
  await db.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
}

export async function countMemberships(db: Db, userId: number) {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
  return row?.n ?? 0;
}

export async function deleteUser(db: Db, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function insertInvitation(
  db: Db,
  values: { accountId: number; userId: number; tokenHash: string; invitedBy: number; expiresAt: Date },
) {
  const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

export async function deleteOpenInvitations(db: Db, accountId: number, userId: number) {
  await db
    .delete(invitations)
    .where(and(eq(invitations.accountId, accountId), eq(invitations.userId, userId), isNull(invitations.acceptedAt)));
}

export async function findOpenInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      accountId: invitations.accountId,
      userId: invitations.userId,
      expiresAt: invitations.expiresAt,
      email: users.email,
      accountName: accounts.name,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    // Only while the person is still invited to the account and has no password (someone who has one signs in).
    .innerJoin(memberships, and(eq(memberships.accountId, invitations.accountId), eq(memberships.userId, invitations.userId)))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        sql`${invitations.expiresAt} > now()`,
        isNull(users.passwordHash),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the invitation used; false when another request used it first. */
export async function acceptInvitation(db: Db, id: number) {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** Sets the name and first password of an invited person; false when they already have a password. */
export async function setUserCredentials(db: Db, userId: number, values: { name: string; passwordHash: string }) {
  const rows = await db
    .update(users)
    .set({ ...values, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The name of a user (the inviting admin, for the invitation e-mail). */
export async function findUserNameAndLanguage(db: Db, userId: number) {
  const [row] = await db.select({ name: users.name, language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return { name: row?.name ?? null, language: row?.language ?? 'en' };
}

export async function countAccessRequests(db: Db, accountId: number) {
  const rows = await db
    .select({ status: accessRequests.status, n: count() })
    .from(accessRequests)
    .where(eq(accessRequests.accountId, accountId))
    .groupBy(accessRequests.status);
  return rows;
}

/** The account row, locked until the transaction ends: list edits read, change and write it without losing one. */
export async function lockAccount(db: Db, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function updateAccountSettings(db: Db, id: number, values: { name?: string; blockedExtensions?: string[] }) {
  const [row] = await db.update(accounts).set(values).where(eq(accounts.id, id)).returning();
  return row ?? null;
}
