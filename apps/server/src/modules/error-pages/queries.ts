import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { errorPageSettings } from '../../db/schema.js';

export async function findSettings(db: Db, accountId: number, code: string) {
  const [row] = await db
    .select({ settings: errorPageSettings.settings })
    .from(errorPageSettings)
    .where(and(eq(errorPageSettings.accountId, accountId), eq(errorPageSettings.code, code)))
    .limit(1);
  return row?.settings ?? null;
}

/**
 * Merges settings into the stored ones of one code in one statement (jsonb `||`), so concurrent saves of different
 * settings both survive; answers the merged settings.
 */
export async function mergeSettings(db: Db, accountId: number, code: string, changes: Record<string, unknown>) {
  const [row] = await db
    .insert(errorPageSettings)
    .values({ accountId, code, settings: changes })
    .onConflictDoUpdate({
      target: [errorPageSettings.accountId, errorPageSettings.code],
      set: { settings: sql`${errorPageSettings.settings} || excluded.settings`, updatedAt: sql`now()` },
    })
    .returning({ settings: errorPageSettings.settings });
  return row?.settings ?? changes;
}
