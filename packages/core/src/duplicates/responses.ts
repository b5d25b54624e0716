import type { AssetResponse } from '../assets/responses.js';
import type { DuplicateAction, DuplicateKind } from './schemas.js';

/** One group of duplicates: exact copies of one file, or images that look alike (decision 0042). */
export interface DuplicateGroup {
  id: string;
  kind: DuplicateKind;
  /** At least two live assets, lowest id first, as items of POST /api/asset/list. */
  assets: AssetResponse[];
}

/** GET /api/project/{id}/duplicates: exact groups first, then similar ones; `next_cursor` null after the last page. */
export interface DuplicateGroupPage {
  groups: DuplicateGroup[];
  next_cursor: string | null;
  /** Groups in the library, all pages. */
  total: number;
}

/** GET /api/asset/{id}/duplicates: the other live assets of the asset's library with the same file content. */
export interface AssetDuplicatesResponse {
  assets: AssetResponse[];
}

/** POST /api/project/{id}/duplicates/{groupId}/resolve. */
export interface DuplicatesResolved {
  group_id: string;
  action: DuplicateAction;
  kept_asset_id: number;
  /** The others of the group, now in the library's trash. */
  trashed_asset_ids: number[];
  /** With merge: tags, custom metadata values and collection memberships the kept asset gained. */
  merged: { tags: number; metadata: number; collections: number };
}
