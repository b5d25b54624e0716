import { and, asc, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  approvalRequestAssets,
  approvalRequests,
  approvalReviewers,
  events,
  memberships,
  projectGroups,
  projectUsers,
  userGroupMembers,
  userGroups,
  users,
} from '../../db/schema.js';

/* The SQL of approval requests and of the asset audit trail (decision 0049). */

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
export type ReviewerRow = typeof approvalReviewers.$inferSelect;

export async function findRequest(db: Db, id: number): Promise<ApprovalRequestRow | null> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).limit(1);
  return row ?? null;
}

/** The request, locked until the transaction ends: votes, resets and results of one request happen one at a time. */
export async function lockRequest(tx: Db, id: number): Promise<ApprovalRequestRow | null> {
  const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function insertRequest(tx: Db, values: typeof approvalRequests.$inferInsert): Promise<ApprovalRequestRow> {
  const [row] = await tx.insert(approvalRequests).values(values).returning();
  return row!;
}

export async function insertRequestAssets(tx: Db, requestId: number, assetIds: readonly number[]): Promise<void> {
  await tx.insert(approvalRequestAssets).values(assetIds.map((assetId) => ({ requestId, assetId })));
}

export async function insertReviewers(tx: Db, requestId: number, userIds: readonly number[], groupIds: readonly number[]): Promise<void> {
  const rows = [...userIds.map((userId) => ({ requestId, userId })), ...groupIds.map((groupId) => ({ requestId, groupId }))];
  if (rows.length) await tx.insert(approvalReviewers).values(rows).onConflictDoNothing();
}

export async function deleteReviewers(
  tx: Db,
  requestId: number,
  userIds: readonly number[],
  groupIds: readonly number[],
): Promise<ReviewerRow[]> {
  const which = [];
  if (userIds.length) which.push(inArray(approvalReviewers.userId, [...userIds]));
  if (groupIds.length) which.push(inArray(approvalReviewers.groupId, [...groupIds]));
  if (!which.length) return [];
  return tx
    .delete(approvalReviewers)
    .where(and(eq(approvalReviewers.requestId, requestId), or(...which)))
    .returning();
}

export function assetIdsOf(db: Db, requestIds: readonly number[]): Promise<{ requestId: number; assetId: number }[]> {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(approvalRequestAssets)
    .where(inArray(approvalRequestAssets.requestId, [...requestIds]))
    .orderBy(asc(approvalRequestAssets.assetId));
}

/** The reviewers of requests with the names of their users and groups, in the order they were added. */
export function reviewersOf(db: Db, requestIds: readonly number[]) {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .select({
      reviewer: approvalReviewers,
      userName: users.name,
      groupName: userGroups.name,
    })
    .from(approvalReviewers)
    .leftJoin(users, eq(users.id, approvalReviewers.userId))
    .leftJoin(userGroups, eq(userGroups.id, approvalReviewers.groupId))
    .where(inArray(approvalReviewers.requestId, [...requestIds]))
    .orderBy(asc(approvalReviewers.id));
}

export async function setVote(
  tx: Db,
  reviewerIds: readonly number[],
  values: { vote: string; comment: string | null; votedBy: number; votedAt: Date },
): Promise<void> {
  if (reviewerIds.length)
    await tx
      .update(approvalReviewers)
      .set(values)
      .where(inArray(approvalReviewers.id, [...reviewerIds]));
}

/** Clears every vote of a request (a new revision of one of its assets); answers how many votes there were. */
export async function resetVotes(tx: Db, requestId: number): Promise<number> {
  const rows = await tx
    .update(approvalReviewers)
    .set({ vote: null, comment: null, votedBy: null, votedAt: null })
    .where(and(eq(approvalReviewers.requestId, requestId), isNotNull(approvalReviewers.vote)))
    .returning({ id: approvalReviewers.id });
  return rows.length;
}

export async function setResult(tx: Db, requestId: number, status: string, at: Date): Promise<void> {
  await tx.update(approvalRequests).set({ status, resolvedAt: at }).where(eq(approvalRequests.id, requestId));
}

/** Requests covering an asset, newest first (only open ones when `open`). */
export async function requestIdsOfAsset(db: Db, assetId: number, open: boolean): Promise<number[]> {
  const rows = await db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .innerJoin(approvalRequestAssets, eq(approvalRequestAssets.requestId, approvalRequests.id))
    .where(and(eq(approvalRequestAssets.assetId, assetId), open ? eq(approvalRequests.status, 'OPEN') : undefined))
    .orderBy(desc(approvalRequests.id));
  return rows.map((r) => r.id);
}

export function requestsByIds(db: Db, ids: readonly number[]): Promise<ApprovalRequestRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(approvalRequests)
    .where(inArray(approvalRequests.id, [...ids]))
    .orderBy(desc(approvalRequests.id));
}

/** Open requests the job looks at: those due by `now`, and (for reviewers who lost access) every other open one. */
export async function openRequestIds(db: Db, opts: { dueBy?: Date; afterId: number; limit: number }): Promise<number[]> {
  const rows = await db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.status, 'OPEN'),
        sql`${approvalRequests.id} > ${opts.afterId}`,
        opts.dueBy ? lte(approvalRequests.dueAt, opts.dueBy) : undefined,
      ),
    )
    .orderBy(asc(approvalRequests.id))
    .limit(opts.limit);
  return rows.map((r) => r.id);
}

/** Whether a user (by id, in SQL) sees the project: an account admin, or a collaborator directly or through a group. */
const sees = (projectId: number, userIdSql: ReturnType<typeof sql>) => sql`(
  exists (select 1 from ${projectUsers} pu where pu.project_id = ${projectId} and pu.user_id = ${userIdSql})
  or exists (select 1 from ${projectGroups} pg join ${userGroupMembers} ugm on ugm.group_id = pg.group_id
    where pg.project_id = ${projectId} and ugm.user_id = ${userIdSql}))`;

/** Those of `userIds` who are members of the account and see the project. */
export async function usersSeeingProject(db: Db, accountId: number, projectId: number, userIds: readonly number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        inArray(memberships.userId, [...userIds]),
        or(inArray(memberships.role, ['OWNER', 'SUPER_USER']), sees(projectId, sql`${memberships.userId}`)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Those of `groupIds` that are groups of the account with at least one member who sees the project. */
export async function groupsSeeingProject(db: Db, accountId: number, projectId: number, groupIds: readonly number[]): Promise<number[]> {
  if (!groupIds.length) return [];
  const rows = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.accountId, accountId),
        inArray(userGroups.id, [...groupIds]),
        sql`exists (select 1 from ${userGroupMembers} m join ${memberships} ms on ms.user_id = m.user_id and ms.account_id = ${accountId}
          where m.group_id = ${userGroups.id} and (ms.role in ('OWNER', 'SUPER_USER') or ${sees(projectId, sql`m.user_id`)}))`,
      ),
    );
  return rows.map((r) => r.id);
}

/** The groups among `groupIds` that `userId` belongs to. */
export async function groupsOfUser(db: Db, userId: number, groupIds: readonly number[]): Promise<number[]> {
  if (!groupIds.length) return [];
  const rows = await db
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .where(and(eq(userGroupMembers.userId, userId), inArray(userGroupMembers.groupId, [...groupIds])));
  return rows.map((r) => r.id);
}

/** One page of the events about an asset, newest first, before the event `beforeId` when given. */
export function assetEvents(db: Db, assetId: number, opts: { beforeId: number | null; limit: number }) {
  return db
    .select({
      id: events.id,
      type: events.type,
      data: events.data,
      createdAt: events.createdAt,
      actorId: events.actorId,
      actorName: users.name,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.actorId))
    .where(and(eq(events.subjectType, 'asset'), eq(events.subjectId, assetId), opts.beforeId ? lt(events.id, opts.beforeId) : undefined))
    .orderBy(desc(events.id))
    .limit(opts.limit);
}

export function userNames(db: Db, ids: readonly number[]): Promise<{ id: number; name: string | null }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/**
 * The people a request's reviewers stand for who still see its project: the reviewing users and the members of the
 * reviewing groups (whom review requests and resets notify).
 */
export async function reviewingUsers(db: Db, request: { id: number; accountId: number; projectId: number }): Promise<number[]> {
  const direct = await db
    .select({ id: approvalReviewers.userId })
    .from(approvalReviewers)
    .where(and(eq(approvalReviewers.requestId, request.id), isNotNull(approvalReviewers.userId)));
  const viaGroups = await db
    .select({ id: userGroupMembers.userId })
    .from(approvalReviewers)
    .innerJoin(userGroupMembers, eq(userGroupMembers.groupId, approvalReviewers.groupId))
    .where(eq(approvalReviewers.requestId, request.id));
  const ids = [...new Set([...direct, ...viaGroups].flatMap((r) => (r.id === null ? [] : [r.id])))];
  return usersSeeingProject(db, request.accountId, request.projectId, ids);
}
