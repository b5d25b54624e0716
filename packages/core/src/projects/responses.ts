import type { ProjectLevel, ProjectType } from './enums.js';

/** What the project endpoints answer (docs/api.md "Asset libraries"). */

/** The caller's permissions on a project, sent with every project and asset. */
export interface ProjectPermissions {
  level: ProjectLevel;
  canView: boolean;
  canComment: boolean;
  canEdit: boolean;
  canAdmin: boolean;
  canCreateAssets: boolean;
}

/** `ProjectSummary`: the projects of a brand (GET /api/brand/{id}/projects, GET /api/project). */
export interface ProjectSummary {
  id: number;
  brand_id: number;
  name: string;
  description: string;
  project_type: ProjectType;
  /** 1 for a personal project, else 0. */
  personal: 0 | 1;
  asset_count: number;
  created_at: string;
  permissions: ProjectPermissions;
}

/**
 * A custom download size as a project stores and answers it (GET /api/project/{id}/download-custom-sizes and
 * `download_custom_sizes` of the project). Saves go through `downloadSizeSchema`.
 */
export interface ProjectDownloadSize {
  name: string;
  width: number | null;
  /** null: the height follows the aspect ratio. */
  height: number | null;
  format: string;
  /** `crop` or `pad` when both sides are given; absent on sizes saved before fits existed, which crop. */
  fit?: string;
}

/** `ProjectContext`: one project (GET /api/project/{id}, and the create and update answers). */
export interface ProjectContext {
  id: number;
  hub_id: number | null;
  brand_id: number;
  project_type: ProjectType;
  name: string;
  description: string;
  personal: 0 | 1;
  permissions: ProjectPermissions;
  /** The account's and the project's blocked extensions together (what uploads check). */
  project_blocked_extensions: string[];
  /** The project's own list (project settings); the account's list is on GET /api/account. */
  blocked_extensions: string[];
  /** Extensions the project type accepts; null: any. */
  allowed_extensions: readonly string[] | null;
  download_custom_sizes: ProjectDownloadSize[];
  /** Whether the project's documents may be shared with targets (audiences). */
  targets_sharing_enabled: boolean;
  begins_at: string | null;
  ends_at: string | null;
  asset_count: number;
  created_at: string;
}

/** GET /api/project/{id}/asset-extension: what an upload into the project may be. */
export interface ExtensionRules {
  /** null: any extension. */
  allowed: readonly string[] | null;
  blocked: string[];
}

/** A person collaborating on a project (GET /api/project/{id}/users). */
export interface Collaborator {
  user_id: number;
  name: string | null;
  email: string;
  image: string | null;
  level: ProjectLevel;
}

/** A user group collaborating on a project: every member gets its level (GET /api/project/{id}/users?groups=true). */
export interface ProjectGroup {
  id: number;
  group_id: number;
  name: string;
  level: ProjectLevel;
  user_ids: number[];
  member_count: number;
}

/** GET /api/project/{id}/users?groups=true: the people and the groups that collaborate on a project. */
export interface ProjectCollaborators {
  users: Collaborator[];
  groups: ProjectGroup[];
}
