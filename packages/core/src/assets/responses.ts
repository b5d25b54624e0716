import type { FileTypeGroup } from '../files/types.js';
import type { AssetCopyright, AssetLicence } from '../licences/responses.js';
import type { AssetCustomMetadataValue } from '../metadata/responses.js';
import type { ProjectPermissions } from '../projects/responses.js';
import type { AssetTag } from '../tags/responses.js';
import type { WorkflowStatusResponse } from '../workflows/responses.js';

/** What the asset endpoints answer (docs/api.md "Assets"): REST names, snake_case. */

export type AssetStatus = 'PROCESSING' | 'FINISHED' | 'PROCESSING_FAILED';
export type AssetType = 'Image' | 'Video' | 'Audio' | 'Document' | 'File' | 'EmbeddedContent';
export type AssetObjectType = 'FILE' | 'URL';

/** A project or folder an asset lives in. */
export interface AssetPlace {
  id: number;
  name: string;
  type: string;
}

export interface AssetLocation {
  /** The library holding the asset, or null when it is in a workspace project. */
  library: AssetPlace | null;
  /** The workspace project holding the asset, or null when it is in a library. */
  workspace_project: AssetPlace | null;
  folder: { id: number; name: string } | null;
  /** The folders from the project's root down to the asset's folder. */
  breadcrumbs: { id: number; name: string }[];
}

/**
 * `Asset`: GET /api/asset/{id}, the items of POST /api/asset/list, the create and update answers. URLs are null
 * unless asked for (`include_urls`, `include_preview_url`).
 */
export interface AssetResponse {
  id: number;
  project_id: number;
  set_id: number | null;
  title: string;
  description: string;
  alternative_text: string;
  /** The alternative text, or the title when there is none. */
  computed_alternative_text: string;
  object_type: AssetObjectType;
  external_url: string | null;
  status: AssetStatus;
  type: AssetType;
  file_type_group: FileTypeGroup;
  extension: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  /** Seconds, for video and audio. */
  duration: number | null;
  page_count: number | null;
  /** Whether the image has pixels that are not fully opaque (tiles and the viewer show a checkerboard behind it). */
  has_alpha: boolean;
  color_space: string | null;
  file_created_at: string | null;
  filename: string | null;
  preview_background_color: string | null;
  position: number;
  revision: { id: number; number: number; status: AssetStatus } | null;
  processing_error: string | null;
  asset_token: string;
  expires_at: string | null;
  /** Whether `expires_at` has passed: hidden from visitors, marked expired for collaborators. */
  is_expired: boolean;
  /** Sent through a submission request (decision 0032): waiting for an editor (SUBMITTED) or ACCEPTED, and who sent it; null otherwise. */
  submission: AssetSubmission | null;
  /** The workspace asset's workflow status (decision 0045; `trigger` true for APPROVED); null for none and in libraries. */
  workflow_status: WorkflowStatusResponse | null;
  created_at: string;
  modified_at: string;
  creator: { id: number; name: string | null } | null;
  author: string | null;
  copyright: AssetCopyright;
  /** The asset's licences (decision 0031); a download waits for a usage consent when `requires_consent`. */
  licenses: AssetLicence[];
  requires_consent: boolean;
  preview_url: string | null;
  thumbnail_url: string | null;
  download_url: string | null;
  cdn_download_url: string | null;
  location: AssetLocation;
  tags: AssetTag[];
  /** Values of the custom metadata properties that apply to its library (decision 0040): viewable ones, and all for editors. */
  custom_metadata: AssetCustomMetadataValue[];
  /** Only with `include_required_custom_metadata_property_ids_without_value`: required properties shown but without a value. */
  required_custom_metadata_property_ids_without_value?: number[];
  permissions: ProjectPermissions;
}

/** POST /api/asset/list: a page of assets; `next_cursor` asks for the next page, null after the last. */
export interface AssetPage {
  items: AssetResponse[];
  next_cursor: string | null;
  total: number;
}

/** A file version of an asset (GET /api/asset/{id}/revisions, the viewer's screen data). */
export interface RevisionResponse {
  id: number;
  number: number;
  /** Whether this is the asset's current revision. */
  current: boolean;
  status: AssetStatus;
  created_at: string;
  creator: { id: number; name: string | null } | null;
  extension: string;
  size: number;
  filename: string;
  width: number | null;
  height: number | null;
  preview_url: string | null;
  download_url: string;
}

/** A file attached to an asset (GET /api/asset/{id}/attachments, the create and rename answers). */
export interface AttachmentResponse {
  id: number;
  asset_id: number;
  file_id: number;
  title: string;
  extension: string;
  size: number;
  color_space: string | null;
  download_url: string;
  created_at: string;
}

/** GET /api/screen/data/{id}: the asset with its revisions, attachments, page previews and neighbours in the folder. */
export interface ScreenData {
  asset: AssetResponse;
  revisions: RevisionResponse[];
  attachments: AttachmentResponse[];
  /** Signed previews of each page of a multi-page PDF (at most 200); empty for anything else. */
  page_preview_urls: string[];
  previous_id: number | null;
  next_id: number | null;
}

/** POST /api/asset/bulk-download: a ZIP download link valid for an hour. */
export interface BulkDownload {
  token: string;
  download_url: string;
  count: number;
  total_bytes: number;
}

/** POST /api/assets/transfer: the ids of the assets and folders moved or copied (the copies' ids for a copy). */
export interface TransferResult {
  assets: number[];
  folders: number[];
}

/**
 * An item of a library's trash (GET /api/project/{id}/trash): an asset deleted on its own, or a deleted folder with
 * everything that was in it (`asset_count` assets and `folder_count` sub-folders at every depth).
 */
export interface LibraryTrashItem {
  kind: 'asset' | 'folder';
  id: number;
  title: string;
  /** Where it was: the names of the folders above it, from the library's root (those still in the tree). */
  path: string[];
  deleted_at: string;
  /** When it is removed for good. */
  expires_at: string;
  deleted_by: { id: number; name: string } | null;
  /** Assets: the file's extension and type, and a small preview signed for the trash listing (null for none). */
  extension: string | null;
  type: string | null;
  thumbnail_url: string | null;
  asset_count: number;
  folder_count: number;
}

/** DELETE /api/asset/{id}, POST /api/screen/delete: the assets now in the trash, restorable until `expires_at`. */
export interface AssetsTrashed {
  deleted: number[];
  trashed: true;
  deleted_at: string;
  expires_at: string;
}

/** What a restore brought back, and where (folders put back at the top level when theirs is gone, decision 0025). */
export interface TrashRestored {
  asset_ids: number[];
  set_ids: number[];
}

/** DELETE /api/project/{id}/trash: how many assets and folders were removed for good. */
export interface TrashEmptied {
  purged_assets: number;
  purged_sets: number;
}

/** How an asset arrived through a submission request (decision 0032). */
export interface AssetSubmission {
  status: 'SUBMITTED' | 'ACCEPTED';
  /** Sent after the deadline, within the grace period. */
  late: boolean;
  request_id: number | null;
  name: string | null;
  email: string | null;
}
