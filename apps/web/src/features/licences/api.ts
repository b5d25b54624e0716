import type { ConsentGrant, ConsentRequiredDetails } from '@emblem/core';
import { api } from '../../lib/api';

/** What a download of these assets asks consent for (GET /api/asset/consent). */
export function consentFor(assetIds: number[]): Promise<ConsentRequiredDetails> {
  return api<ConsentRequiredDetails>(`/api/asset/consent?asset_ids=${assetIds.join(',')}`);
}

/** Records the acceptance of the licences shown; answers the token the download carries (decision 0031). */
export function acceptConsent(assetIds: number[], licenceIds: number[]): Promise<ConsentGrant> {
  return api<ConsentGrant>('/api/asset/consent', { method: 'POST', body: { asset_ids: assetIds, licence_ids: licenceIds } });
}
