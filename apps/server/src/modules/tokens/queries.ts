import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiTokens, memberships } from '../../db/schema.js';

export async function insertToken(db: Db, values: { userId: number; name: string; tokenHash: string; prefix: string }) {
  const [row] = await db
    .insert(apiTokens)
    .values(values)
    .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix, createdAt: apiTokens.createdAt });
  if (!row) throw new Error('token insert returned nothing');
  return row;
}

export async function listTokens(db: Db, userId: number) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function revokeToken(db: Db, id: number, userId: number) {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** A live token with its owner's primary membership. */
export async function findLiveToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      lastUsedAt: apiTokens.lastUsedAt,
      accountId: memberships.accountId,
      role: memberships.role,
    })
    .from(apiTokens)
    .innerJoin(memberships, eq(memberships.userId, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
    .orderBy(asc(memberships.createdAt), asc(memberships.accountId))
    .limit(1);
  return row ?? null;
}

export async function touchToken(db: Db, id: number) {
  await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, id));
}
