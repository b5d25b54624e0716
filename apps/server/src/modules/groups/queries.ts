import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, memberships, projectGroups, userGroupMembers, userGroups } from '../../db/schema.js';

export type GroupRow = typeof userGroups.$inferSelect;

/**
 * The ids of a group's members who still belong to its account, in id order. Correlated on the outer
 * "user_groups" row (Drizzle renders a lone column unqualified, so the outer table is named explicitly).
 */
const memberIds = sql<number[]>`coalesce((
    select array_agg(ugm.user_id order by ugm.user_id)
    from ${userGroupMembers} ugm
    join ${memberships} m on m.user_id = ugm.user_id and m.account_id = "user_groups"."account_id"
    where ugm.group_id = "user_groups"."id"
  ), '{}')`;

const groupColumns = {
  id: userGroups.id,
  accountId: userGroups.accountId,
  name: userGroups.name,
  createdAt: userGroups.createdAt,
  accountName: accounts.name,
  userIds: memberIds,
};

export type GroupWithMembers = { id: number; accountId: number; name: string; createdAt: Date; accountName: string; userIds: number[] };

/** node-postgres and PGlite both give int[] as a JS array; normalise the element type anyway. */
function withNumbers<T extends { userIds: unknown }>(row: T): T & { userIds: number[] } {
  return { ...row, userIds: (row.userIds as (number | string)[]).map(Number) };
}

export async function listGroups(db: Db, accountId: number): Promise<GroupWithMembers[]> {
  const rows = await db
    .select(groupColumns)
    .from(userGroups)
    .innerJoin(accounts, eq(accounts.id, userGroups.accountId))
    .where(eq(userGroups.accountId, accountId))
    .orderBy(asc(sql`lower(${userGroups.name})`), asc(userGroups.id));
  return rows.map(withNumbers);
}

export async function findGroup(db: Db, id: number): Promise<GroupWithMembers | null> {
  const [row] = await db
    .select(groupColumns)
    .from(userGroups)
    .innerJoin(accounts, eq(accounts.id, userGroups.accountId))
    .where(eq(userGroups.id, id))
    .limit(1);
  return row ? withNumbers(row) : null;
}

/** Whether another group of the account has this name (case-insensitively). */
export async function nameTaken(db: Db, accountId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.accountId, accountId),
        eq(sql`lower(${userGroups.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(userGroups.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts a group; null when the name is taken (the unique index on account and lower(name) decides). */
export async function insertGroup(db: Db, values: { accountId: number; name: string; createdBy: number }) {
  const [row] = await db.insert(userGroups).values(values).onConflictDoNothing().returning({ id: userGroups.id });
  return row ?? null;
}

export async function renameGroup(db: Db, id: number, name: string) {
  await db.update(userGroups).set({ name }).where(eq(userGroups.id, id));
}

/** Deletes the group; its memberships and project grants go with it (ON DELETE CASCADE). */
export async function deleteGroup(db: Db, id: number) {
  await db.delete(userGroups).where(eq(userGroups.id, id));
}

/** Which of `userIds` are members of the account. */
export async function accountMemberIds(db: Db, accountId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, [...userIds])));
  return new Set(rows.map((r) => r.userId));
}

/** Every stored member id of a group (also of people who left the account since). */
export async function storedMemberIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.select({ userId: userGroupMembers.userId }).from(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}

export async function addMembers(db: Db, groupId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .insert(userGroupMembers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing();
}

export async function removeMembers(db: Db, groupId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db.delete(userGroupMembers).where(and(eq(userGroupMembers.groupId, groupId), inArray(userGroupMembers.userId, [...userIds])));
}

/** A person who leaves an account leaves its groups too. */
export async function removeUserFromAccountGroups(db: Db, accountId: number, userId: number) {
  await db
    .delete(userGroupMembers)
    .where(
      and(
        eq(userGroupMembers.userId, userId),
        inArray(userGroupMembers.groupId, db.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.accountId, accountId))),
      ),
    );
}

/* ---------- groups as project collaborators ---------- */

export async function listProjectGroups(db: Db, projectId: number) {
  const rows = await db
    .select({ ...groupColumns, level: projectGroups.level })
    .from(projectGroups)
    .innerJoin(userGroups, eq(userGroups.id, projectGroups.groupId))
    .innerJoin(accounts, eq(accounts.id, userGroups.accountId))
    .where(eq(projectGroups.projectId, projectId))
    .orderBy(asc(sql`lower(${userGroups.name})`), asc(userGroups.id));
  return rows.map(withNumbers);
}

export async function upsertProjectGroup(db: Db, projectId: number, groupId: number, level: string) {
  await db
    .insert(projectGroups)
    .values({ projectId, groupId, level })
    .onConflictDoUpdate({ target: [projectGroups.projectId, projectGroups.groupId], set: { level } });
}

export async function deleteProjectGroup(db: Db, projectId: number, groupId: number): Promise<boolean> {
  const rows = await db
    .delete(projectGroups)
    .where(and(eq(projectGroups.projectId, projectId), eq(projectGroups.groupId, groupId)))
    .returning({ groupId: projectGroups.groupId });
  return rows.length > 0;
}
