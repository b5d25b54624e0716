import type { FileTypeGroup } from '../files/types.js';
import type { ProjectSummary } from '../projects/responses.js';

/** What the brand endpoints answer (docs/api.md "Brands"). */

export interface BrandPermissions {
  canEdit: boolean;
  canDelete: boolean;
}

/** `Brand`: GET /api/brand, GET /api/brand/{id}, and the create and update answers. */
export interface BrandResponse {
  id: number;
  account_id: number;
  name: string;
  slug: string;
  /** A setting image, `/media/image/{token}.webp`, or null. */
  avatar: string | null;
  is_favourite: boolean;
  created_at: string;
  permissions: BrandPermissions;
}

/** An asset as the brand home shows it: a cover of its project's card, or one of the recently added assets. */
export interface BrandHomeAsset {
  id: number;
  project_id: number;
  title: string;
  extension: string | null;
  file_type_group: FileTypeGroup;
  /** A signed preview about 400 px wide, a file-type icon when the file has no preview, null while processing. */
  thumbnail_url: string | null;
  preview_background_color: string | null;
  width: number | null;
  height: number | null;
  created_at: string;
}

/** A library, workspace or guideline document of the brand, with up to four cover assets (none for documents). */
export interface BrandHomeProject extends ProjectSummary {
  covers: BrandHomeAsset[];
}

/** `GET /api/brand/{id}/home`: what the brand's home page shows, only what the caller may see. */
export interface BrandHomeResponse {
  projects: BrandHomeProject[];
  /** The newest assets of the brand's libraries and workspaces the caller may see, newest first, at most 12. */
  recent_assets: BrandHomeAsset[];
}
