import { z } from 'zod';
import { audit } from '../../db/events.js';
import { defineJob } from '../../jobs/define.js';
import { claimNewlyExpired } from './expiry-queries.js';
import type { AssetRow } from './queries.js';

/**
 * Expiring assets (decision 0033). `expires_at` is set in a PATCH of the asset; readers of public pages, share-link
 * visitors and anonymous media requests stop seeing the asset once it passes (their queries test it, so no job has to
 * run first); collaborators see it marked expired. A daily job records each expiry once as an `asset:expired` event.
 */

/**
 * The columns a PATCH's `expires_at` changes (none when it is absent). The recorded expiry is armed again when the
 * new date lies after the moment the last one was recorded (a later expiry is a new one) or when the date is cleared;
 * moving an already recorded expiry earlier keeps it recorded, so each expiry yields one event.
 */
export function expiryChange(
  asset: Pick<AssetRow, 'expiresAt' | 'expiryRecordedAt'>,
  expiresAt: string | null | undefined,
): { expiresAt?: Date | null; expiryRecordedAt?: Date | null } {
  if (expiresAt === undefined) return {};
  if (expiresAt === null) return { expiresAt: null, expiryRecordedAt: null };
  const at = new Date(expiresAt);
  const recorded = asset.expiryRecordedAt;
  return recorded && at.getTime() > recorded.getTime() ? { expiresAt: at, expiryRecordedAt: null } : { expiresAt: at };
}

/** Assets recorded per transaction, and transactions per run: a backlog larger than this waits for the next day. */
export const EXPIRY_BATCH = 500;
export const EXPIRY_MAX_BATCHES = 20;
const DAY_MS = 86_400_000;

/** Records the newly expired assets, batch by batch; returns how many. */
export async function recordExpiredAssets(db: Parameters<typeof claimNewlyExpired>[0], batch = EXPIRY_BATCH): Promise<number> {
  let recorded = 0;
  for (let i = 0; i < EXPIRY_MAX_BATCHES; i++) {
    const rows = await db.transaction(async (tx) => {
      const claimed = await claimNewlyExpired(tx, batch);
      for (const row of claimed) {
        await audit(tx, { accountId: row.accountId, userId: null }, 'asset:expired', row.id, {
          expires_at: (row.expiresAt as Date).toISOString(),
        });
      }
      return claimed.length;
    });
    recorded += rows;
    if (rows < batch) break;
  }
  return recorded;
}

/** Daily: records each asset whose expiry passed since the last run as an `asset:expired` event. */
export const assetExpiryJob = defineJob(
  'assets.expiry-record',
  z.object({}),
  async (deps) => {
    const recorded = await recordExpiredAssets(deps.db);
    if (recorded) deps.log.info({ assets: recorded }, 'recorded the expiry of assets');
  },
  { every: DAY_MS, maxAttempts: 3 },
);
