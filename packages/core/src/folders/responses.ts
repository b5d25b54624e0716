/** What the folder (set) endpoints answer (docs/api.md "Folders"). */

/** A folder as the create and update calls answer it (with `path`, the names from the root). */
export interface FolderResponse {
  id: number;
  project_id: number;
  parent_id: number | null;
  name: string;
  color: string;
  /** Assets directly in this folder. */
  asset_count: number;
  /** Assets in this folder and all of its sub-folders, at every depth. */
  total_asset_count: number;
  created_at: string;
}

/** A folder of the list and of the create and update answers: with the names of its ancestors, root first. */
export interface FolderWithPath extends FolderResponse {
  path: string[];
}

/**
 * GET /api/project/{id}/set: the folder tree. The root is a pseudo-folder with id 0 named after the project, which
 * has only `id`, `name`, `project_id` and `child_sets`; every other node has all fields of FolderResponse.
 */
export interface FolderNode {
  id: number;
  name: string;
  project_id?: number;
  parent_id?: number | null;
  color?: string;
  asset_count?: number;
  total_asset_count?: number;
  created_at?: string;
  child_sets: FolderNode[];
}

/**
 * DELETE /api/set/{id}: the folder, its `trashed_sets` folders (itself included) and `trashed_assets` assets are in
 * the library's trash until `expires_at`; `target_set_id` is the folder to show next (its parent, 0 for the top).
 */
export interface FolderTrashed {
  id: number;
  trashed: true;
  deleted_at: string;
  expires_at: string;
  trashed_sets: number;
  trashed_assets: number;
  target_set_id: number;
}
