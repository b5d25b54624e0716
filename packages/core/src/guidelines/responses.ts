import type { PortalVisibility } from './schemas.js';

/** What the portal endpoints answer (docs/api.md "Guideline portals"). */

export interface PortalPermissions {
  /** May change the portal, see and regenerate its token. */
  canEdit: boolean;
}

/** `Portal`: GET /api/portal, GET /api/portal/{id}, and the create and update answers. */
export interface PortalResponse {
  id: number;
  brand_id: number;
  title: string;
  visibility: PortalVisibility;
  blueprint_name: string | null;
  marketplace_app_id: null;
  i18n_enabled: boolean;
  i18n_settings: { languages: string[] };
  created_at: string;
  modified_at: string;
  permissions: PortalPermissions;
}
