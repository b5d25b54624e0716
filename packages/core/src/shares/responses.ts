import type { ShareDownload, ShareLinkType } from './schemas.js';

/** What the share-link endpoints answer (docs/api.md "Share links"). */

/** A share link as the people who manage it see it (data-api.md §3, both shapes' fields). */
export interface ShareLinkResponse {
  id: number;
  type: ShareLinkType;
  /**
   * The public address. Only its hash is stored, so it is present only in the answer that made it (create, or a
   * new address); otherwise null.
   */
  url: string | null;
  is_enabled: boolean;
  is_password_protected: boolean;
  has_expiration_date: boolean;
  expires_at: string | null;
  /** Past its expiry: visitors are refused. */
  is_expired: boolean;
  download: ShareDownload;
  project_id: number;
  asset_ids: number[];
  set_id: number | null;
  collection_id: number | null;
  open_count: number;
  download_count: number;
  last_opened_at: string | null;
  created_at: string;
  creator: { id: number; name: string } | null;
}

/**
 * GET /api/share-link/{token} (public): where the link leads. `destination_path` starts with the kind's prefix
 * (`as`, `fs`, `cs`, data-api.md §3) and `token_payload` names the target.
 */
export interface ShareLinkLookup {
  id: string;
  type: ShareLinkType;
  is_password_protected: boolean;
  /** Whether this browser has unlocked it (or it needs no password). */
  is_unlocked: boolean;
  destination_path: string;
  token_payload: { asset_ids: number[] } | { set_id: number } | { collection_id: number };
}
