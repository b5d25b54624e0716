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
