import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, projects, sets, submissionRequests, submissionTokens, users } from '../../db/schema.js';

/* SQL of submission requests and their tokens; plain rows. */

export type SubmissionRequestRow = typeof submissionRequests.$inferSelect;
export type SubmissionTokenRow = typeof submissionTokens.$inferSelect;

export async function findRequest(db: Db, id: number): Promise<SubmissionRequestRow | null> {
  const [row] = await db.select().from(submissionRequests).where(eq(submissionRequests.id, id)).limit(1);
  return row ?? null;
}

export async function findToken(db: Db, id: number): Promise<SubmissionTokenRow | null> {
  const [row] = await db.select().from(submissionTokens).where(eq(submissionTokens.id, id)).limit(1);
  return row ?? null;
}

/** A token by the hash of its address, with its request (a deleted request takes its tokens with it). */
export async function findTokenByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: submissionTokens, request: submissionRequests })
    .from(submissionTokens)
    .innerJoin(submissionRequests, eq(submissionRequests.id, submissionTokens.requestId))
    .where(eq(submissionTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** The requests of a project, newest first, with their folder's name, creator and waiting files. */
export function requestsOfProject(db: Db, projectId: number, ids?: number[]) {
  const waiting = db
    .select({ requestId: assets.submissionRequestId, n: count().as('n') })
    .from(assets)
    .where(and(eq(assets.submissionStatus, 'SUBMITTED'), isNull(assets.deletedAt)))
    .groupBy(assets.submissionRequestId)
    .as('waiting');
  return db
    .select({
      request: submissionRequests,
      folderName: sets.name,
      creatorName: users.name,
      submitted: sql<number>`coalesce(${waiting.n}, 0)`.mapWith(Number),
    })
    .from(submissionRequests)
    .leftJoin(sets, eq(sets.id, submissionRequests.setId))
    .leftJoin(users, eq(users.id, submissionRequests.createdBy))
    .leftJoin(waiting, eq(waiting.requestId, submissionRequests.id))
    .where(and(eq(submissionRequests.projectId, projectId), ids ? inArray(submissionRequests.id, ids) : undefined))
    .orderBy(desc(submissionRequests.createdAt), desc(submissionRequests.id));
}

export function tokensOfRequests(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([] as SubmissionTokenRow[]);
  return db
    .select()
    .from(submissionTokens)
    .where(inArray(submissionTokens.requestId, requestIds))
    .orderBy(desc(submissionTokens.createdAt), desc(submissionTokens.id));
}

export async function insertRequest(db: Db, values: typeof submissionRequests.$inferInsert): Promise<SubmissionRequestRow> {
  const [row] = await db.insert(submissionRequests).values(values).returning();
  return row!;
}

export async function updateRequest(
  db: Db,
  id: number,
  values: Partial<Pick<SubmissionRequestRow, 'title' | 'instructions' | 'setId' | 'deadlineAt' | 'graceHours'>>,
): Promise<void> {
  await db
    .update(submissionRequests)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(submissionRequests.id, id));
}

export async function deleteRequest(db: Db, id: number): Promise<void> {
  await db.delete(submissionRequests).where(eq(submissionRequests.id, id));
}

export async function insertToken(db: Db, values: typeof submissionTokens.$inferInsert): Promise<SubmissionTokenRow> {
  const [row] = await db.insert(submissionTokens).values(values).returning();
  return row!;
}

/** Revokes a token once (a second revoke keeps the first time). */
export async function revokeToken(db: Db, id: number): Promise<void> {
  await db
    .update(submissionTokens)
    .set({ revokedAt: sql`coalesce(${submissionTokens.revokedAt}, now())` })
    .where(eq(submissionTokens.id, id));
}

/** The library a request belongs to, for its public page. */
export async function projectName(db: Db, projectId: number): Promise<string> {
  const [row] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return row?.name ?? '';
}

/** Marks submitted assets accepted; only those still waiting change. Returns the ids that changed. */
export async function acceptAssets(db: Db, ids: number[]): Promise<{ id: number; requestId: number | null }[]> {
  if (ids.length === 0) return [];
  return db
    .update(assets)
    .set({ submissionStatus: 'ACCEPTED', modifiedAt: sql`now()` })
    .where(and(inArray(assets.id, ids), eq(assets.submissionStatus, 'SUBMITTED'), isNull(assets.deletedAt)))
    .returning({ id: assets.id, requestId: assets.submissionRequestId });
}
