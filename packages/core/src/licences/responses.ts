import type { CopyrightStatus } from './schemas.js';

/** What the licence and consent endpoints answer (docs/api.md "Licences and usage consent"). */

/** A licence of the account (GET /api/licences, create and update answers). */
export interface LicenceResponse {
  id: number;
  title: string;
  /** Sanitised rich text (HTML). */
  text: string;
  require_consensus: boolean;
  /** How many live assets carry it. */
  asset_count: number;
  created_at: string;
  modified_at: string;
}

/** An asset's copyright, as the asset payloads carry it (data-api.md §3). */
export interface AssetCopyright {
  status: CopyrightStatus;
  notice: string;
  is_download_consent_required: boolean;
}

/** A licence as the asset payloads carry it (data-api.md §3 names: `license` is the text). */
export interface AssetLicence {
  id: number;
  title: string;
  license: string;
  require_consensus: boolean;
}

/** PUT /api/asset/{id}/licences: the asset's rights after the change. */
export interface AssetRightsResponse {
  asset_id: number;
  copyright: AssetCopyright;
  licenses: AssetLicence[];
  /** Whether a download of the asset waits for a usage consent. */
  requires_consent: boolean;
}

/** The members a 409 "Consent required" answer adds: what the usage-consent dialog shows. */
export interface ConsentRequiredDetails {
  licences: { id: number; title: string; text: string }[];
  assets: { id: number; title: string; copyright_status: CopyrightStatus; copyright_notice: string; licence_ids: number[] }[];
}

/** POST /api/asset/consent: the acceptance, and the short-lived token the downloads carry. */
export interface ConsentGrant {
  consent_token: string;
  expires_at: string;
  /** How many acceptances were recorded (one per licence, or one for a copyright notice alone). */
  recorded: number;
}
