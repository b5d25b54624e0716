import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { permissionTokens } from '../../db/schema.js';

/* SQL of permission tokens; plain rows. */

export type PermissionTokenRow = typeof permissionTokens.$inferSelect;

export async function insertPermissionToken(db: Db, values: typeof permissionTokens.$inferInsert): Promise<PermissionTokenRow> {
  const [row] = await db.insert(permissionTokens).values(values).returning();
  return row!;
}

export async function findPermissionTokenByHash(db: Db, tokenHash: string): Promise<PermissionTokenRow | null> {
  const [row] = await db.select().from(permissionTokens).where(eq(permissionTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}
