import { z } from 'zod';

/**
 * The library's "Submitted" filter (decision 0035): a folder page of only the assets sent through a submission
 * request and still waiting for an editor (`submission.status` SUBMITTED), or of every asset but those.
 */
export const ASSET_SUBMITTED_FILTERS = ['only', 'exclude'] as const;
export type AssetSubmittedFilter = (typeof ASSET_SUBMITTED_FILTERS)[number];

export function isAssetSubmittedFilter(v: unknown): v is AssetSubmittedFilter {
  return typeof v === 'string' && (ASSET_SUBMITTED_FILTERS as readonly string[]).includes(v);
}

export const assetSubmittedFilterSchema = z.enum(ASSET_SUBMITTED_FILTERS, {
  error: `Must be one of ${ASSET_SUBMITTED_FILTERS.join(', ')}`,
});
