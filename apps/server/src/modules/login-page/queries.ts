import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, loginPageSettings } from '../../db/schema.js';

export async function findSettings(db: Db, accountId: number) {
  const [row] = await db
    .select({ settings: loginPageSettings.settings })
    .from(loginPageSettings)
    .where(eq(loginPageSettings.accountId, accountId))
    .limit(1);
  return row?.settings ?? null;
}

/** The instance's first account (lowest id): its sign-in page is the one visitors see. */
export async function firstAccountId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).orderBy(asc(accounts.id)).limit(1);
  return row?.id ?? null;
}

/** Merges settings into the stored ones in one statement (jsonb `||`); answers the merged settings. */
export async function mergeSettings(db: Db, accountId: number, changes: Record<string, unknown>) {
  const [row] = await db
    .insert(loginPageSettings)
    .values({ accountId, settings: changes })
    .onConflictDoUpdate({
      target: loginPageSettings.accountId,
      set: { settings: sql`${loginPageSettings.settings} || excluded.settings`, updatedAt: sql`now()` },
    })
    .returning({ settings: loginPageSettings.settings });
  return row?.settings ?? changes;
}
