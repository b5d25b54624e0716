import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accessRequests, users } from '../../db/schema.js';

const columns = {
  id: accessRequests.id,
  accountId: accessRequests.accountId,
  userId: accessRequests.userId,
  userName: users.name,
  userEmail: users.email,
  message: accessRequests.message,
  status: accessRequests.status,
  createdAt: accessRequests.createdAt,
  decidedAt: accessRequests.decidedAt,
};

export async function listRequests(db: Db, accountId: number, userId?: number) {
  return db
    .select(columns)
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(and(eq(accessRequests.accountId, accountId), userId === undefined ? undefined : eq(accessRequests.userId, userId)))
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
    .limit(500);
}

export async function findRequest(db: Db, id: number) {
  const [row] = await db
    .select(columns)
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(eq(accessRequests.id, id))
    .limit(1);
  return row ?? null;
}

export async function hasPending(db: Db, accountId: number, userId: number) {
  const rows = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(and(eq(accessRequests.accountId, accountId), eq(accessRequests.userId, userId), eq(accessRequests.status, 'PENDING')))
    .limit(1);
  return rows.length > 0;
}

export async function insertRequest(db: Db, values: { accountId: number; userId: number; message: string }) {
  const [row] = await db.insert(accessRequests).values(values).returning({ id: accessRequests.id });
  if (!row) throw new Error('access request insert returned nothing');
  return row;
}

/** Decides a pending request; false when it was already decided. */
export async function decide(db: Db, id: number, status: string, decidedBy: number) {
  const rows = await db
    .update(accessRequests)
    .set({ status, decidedBy, decidedAt: sql`now()` })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'PENDING')))
    .returning({ id: accessRequests.id });
  return rows.length > 0;
}
