/** What the collection endpoints answer (docs/api.md "Collections"). */

export interface CollectionPermissions {
  /** Rename, describe, reorder, add and remove assets, delete (EDIT on the collection's library). */
  canEdit: boolean;
}

/** An asset shown on a collection's cover. */
export interface CollectionCover {
  id: number;
  title: string;
  /** A small signed preview, or null while the asset has none (a file-type icon is shown then). */
  preview_url: string | null;
}

export interface CollectionResponse {
  id: number;
  /** The library (or workspace) the collection belongs to: its "collections" page lists it. */
  project_id: number;
  brand_id: number;
  name: string;
  description: string;
  /** Assets of the collection the caller may see (live, in projects they have a level on). */
  asset_count: number;
  /** Up to four of those, first in order, for the collection's cover. */
  covers: CollectionCover[];
  created_at: string;
  modified_at: string;
  permissions: CollectionPermissions;
}

/** POST /api/collection/{id}/assets and …/assets/remove: how many changed, and the collection now. */
export interface CollectionAssetsChange {
  changed: number;
  collection: CollectionResponse;
}
