import type { AssetRightsResponse, ConsentGrant, ConsentRequiredDetails, LicenceResponse } from '@emblem/core';
import { ApiError, api } from '../../lib/api';

/** What a download of these assets asks consent for (GET /api/asset/consent). */
export function consentFor(assetIds: number[]): Promise<ConsentRequiredDetails> {
  return api<ConsentRequiredDetails>(`/api/asset/consent?asset_ids=${assetIds.join(',')}`);
}

/** Records the acceptance of the licences shown; answers the token the download carries (decision 0031). */
export function acceptConsent(assetIds: number[], licenceIds: number[]): Promise<ConsentGrant> {
  return api<ConsentGrant>('/api/asset/consent', { method: 'POST', body: { asset_ids: assetIds, licence_ids: licenceIds } });
}

/** The terms a 409 "Consent required" of a download names, or null for any other failure. */
export function consentAskedBy(failure: unknown): ConsentRequiredDetails | null {
  if (!(failure instanceof ApiError) || failure.status !== 409) return null;
  try {
    const body = JSON.parse(failure.body) as Partial<ConsentRequiredDetails>;
    return Array.isArray(body.licences) && Array.isArray(body.assets) && body.assets.length > 0
      ? { licences: body.licences, assets: body.assets }
      : null;
  } catch {
    return null;
  }
}

export const licencesQueryKey = ['licences'] as const;

/** GET /api/licences: the account's licences (every member reads them). */
export function listLicences(): Promise<LicenceResponse[]> {
  return api<LicenceResponse[]>('/api/licences');
}

export function saveLicence(
  id: number | null,
  body: { title: string; text: string; require_consensus: boolean },
): Promise<LicenceResponse> {
  return id === null
    ? api<LicenceResponse>('/api/licence', { method: 'POST', body })
    : api<LicenceResponse>(`/api/licence/${id}`, { method: 'PATCH', body });
}

export function deleteLicence(id: number): Promise<unknown> {
  return api(`/api/licence/${id}`, { method: 'DELETE' });
}

/** The CSV of every usage consent given (account admins). */
export const ACCEPTANCES_CSV_URL = '/api/consent-acceptances.csv';

/** PUT /api/asset/{id}/licences (EDIT): the asset's licences and copyright. */
export function saveAssetRights(
  assetId: number,
  body: { licence_ids: number[]; copyright: { status: string; notice: string; is_download_consent_required: boolean } },
): Promise<AssetRightsResponse> {
  return api<AssetRightsResponse>(`/api/asset/${assetId}/licences`, { method: 'PUT', body });
}
