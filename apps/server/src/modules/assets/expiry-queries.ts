import { type AssetExpiryFilter, EXPIRING_SOON_DAYS } from '@emblem/core';
import { and, gt, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets } from '../../db/schema.js';

/** The SQL of the expiry rules (decision 0033); the database's clock decides, like the public reader's. */

/** An expired asset: `expires_at` has passed. */
export const expiredAsset = and(isNotNull(assets.expiresAt), lte(assets.expiresAt, sql`now()`)) as SQL;

/** A listing's expiry filter: expiring within 30 days (not yet expired), or expired; none without a filter. */
export function expiryCondition(filter: AssetExpiryFilter | undefined): SQL | undefined {
  if (filter === 'expired') return expiredAsset;
  if (filter === 'expiring_soon') {
    return and(gt(assets.expiresAt, sql`now()`), lte(assets.expiresAt, sql`now() + make_interval(days => ${EXPIRING_SOON_DAYS})`)) as SQL;
  }
  return undefined;
}

/**
 * Marks up to `limit` live assets whose expiry has passed and is not recorded yet as recorded, and returns them
 * (the caller records their events in the same transaction). Rows another run holds are skipped, not waited for.
 */
export async function claimNewlyExpired(db: Db, limit: number) {
  return db
    .update(assets)
    .set({ expiryRecordedAt: sql`now()` })
    .where(
      sql`${assets.id} in (select ${assets.id} from ${assets}
        where ${assets.expiresAt} <= now() and ${assets.expiryRecordedAt} is null and ${assets.deletedAt} is null
        order by ${assets.expiresAt}, ${assets.id} limit ${limit} for update skip locked)`,
    )
    .returning({ id: assets.id, accountId: assets.accountId, expiresAt: assets.expiresAt });
}
