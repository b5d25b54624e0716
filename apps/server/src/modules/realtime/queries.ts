import type { PresenceMember } from '@emblem/core';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, realtimePresence, users } from '../../db/schema.js';

/** Adds (or refreshes) a socket's presence on a project. */
export async function upsertPresence(db: Db, row: { socketId: string; projectId: number; processId: string; userId: number }) {
  await db
    .insert(realtimePresence)
    .values(row)
    .onConflictDoUpdate({
      target: [realtimePresence.socketId, realtimePresence.projectId],
      set: { processId: row.processId, userId: row.userId, lastSeen: sql`now()` },
    });
}

/** Removes a socket's presence on the given projects (all of them without `projectIds`); returns what went. */
export function deletePresence(db: Db, socketId: string, projectIds?: number[]) {
  const where = projectIds
    ? and(eq(realtimePresence.socketId, socketId), inArray(realtimePresence.projectId, projectIds))
    : eq(realtimePresence.socketId, socketId);
  return db.delete(realtimePresence).where(where).returning({ projectId: realtimePresence.projectId, userId: realtimePresence.userId });
}

/** Sets the asset a socket shows on a project (a live asset of that project, else nothing changes); the rows changed. */
export async function setViewing(db: Db, socketId: string, projectId: number, assetId: number | null): Promise<{ userId: number }[]> {
  const inProject =
    assetId === null
      ? sql`true`
      : sql`exists (select 1 from ${assets} where ${assets.id} = ${assetId} and ${assets.projectId} = ${projectId} and ${assets.deletedAt} is null)`;
  return db
    .update(realtimePresence)
    .set({ assetId, lastSeen: sql`now()` })
    .where(and(eq(realtimePresence.socketId, socketId), eq(realtimePresence.projectId, projectId), inProject))
    .returning({ userId: realtimePresence.userId });
}

/** Renews the rows of this process's sockets. */
export async function touchProcess(db: Db, processId: string) {
  await db.update(realtimePresence).set({ lastSeen: sql`now()` }).where(eq(realtimePresence.processId, processId));
}

/** Removes rows not renewed for `maxAgeMs` (their process stopped); returns what went. */
export function deleteExpired(db: Db, maxAgeMs: number) {
  return db
    .delete(realtimePresence)
    .where(lt(realtimePresence.lastSeen, sql`now() - (${maxAgeMs} || ' milliseconds')::interval`))
    .returning({ projectId: realtimePresence.projectId, userId: realtimePresence.userId });
}

/** The members of a project's presence channel (one per user, with the assets all their sockets show), or of some users. */
export async function presenceMembers(db: Db, projectId: number, userIds?: number[]): Promise<PresenceMember[]> {
  const rows = await db
    .select({
      userId: realtimePresence.userId,
      name: users.name,
      avatar: users.avatar,
      assetIds: sql<(number | null)[]>`array_agg(distinct ${realtimePresence.assetId})`,
    })
    .from(realtimePresence)
    .innerJoin(users, eq(users.id, realtimePresence.userId))
    .where(and(eq(realtimePresence.projectId, projectId), userIds ? inArray(realtimePresence.userId, userIds) : undefined))
    .groupBy(realtimePresence.userId, users.name, users.avatar)
    .orderBy(realtimePresence.userId);
  return rows.map((r) => ({
    user_id: r.userId,
    user_info: { name: r.name, avatar: r.avatar },
    asset_ids: r.assetIds.filter((id): id is number => id !== null).map(Number),
  }));
}

/** A user's name and avatar, as presence channels show them. */
export async function userInfo(db: Db, userId: number): Promise<PresenceMember['user_info'] | null> {
  const [row] = await db.select({ name: users.name, avatar: users.avatar }).from(users).where(eq(users.id, userId));
  return row ?? null;
}
