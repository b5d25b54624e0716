import { and, eq } from 'drizzle-orm';
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
