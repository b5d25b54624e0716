import { z } from 'zod';

/**
 * Expiring assets (decision 0033): after `expires_at` an asset is hidden from visitors, share links and public pages,
 * and marked expired for collaborators, who can list the soon-expiring and expired assets of a folder.
 */

/** How far ahead "Expiring soon" looks. */
export const EXPIRING_SOON_DAYS = 30;
export const EXPIRING_SOON_MS = EXPIRING_SOON_DAYS * 86_400_000;

/** The library's expiry filters (`expiry` of POST /api/asset/list). */
export const ASSET_EXPIRY_FILTERS = ['expiring_soon', 'expired'] as const;
export type AssetExpiryFilter = (typeof ASSET_EXPIRY_FILTERS)[number];

export function isAssetExpiryFilter(v: unknown): v is AssetExpiryFilter {
  return typeof v === 'string' && (ASSET_EXPIRY_FILTERS as readonly string[]).includes(v);
}

export const assetExpiryFilterSchema = z.enum(ASSET_EXPIRY_FILTERS, { error: `Must be one of ${ASSET_EXPIRY_FILTERS.join(', ')}` });

/**
 * An asset's expiry in a PATCH: an ISO date-time with offset (past ones too: an editor may withdraw an asset at
 * once), between the years 2000 and 9999, or null to clear it.
 */
export const assetExpiresAtSchema = z
  .string({ error: 'Must be a date and time or null' })
  .datetime({ offset: true, error: 'Must be a date and time such as 2027-01-31T17:00:00Z' })
  .refine((v) => {
    const t = Date.parse(v);
    return t >= Date.UTC(2000, 0, 1) && t < Date.UTC(10000, 0, 1);
  }, 'Must be between the years 2000 and 9999')
  .nullable();

/** Where an asset stands at `now` (ms): expired (at or after `expires_at`), expiring within 30 days, or neither. */
export function expiryState(expiresAt: string | null, now: number): 'expired' | 'expiring_soon' | null {
  if (expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  if (at <= now) return 'expired';
  return at - now <= EXPIRING_SOON_MS ? 'expiring_soon' : null;
}
