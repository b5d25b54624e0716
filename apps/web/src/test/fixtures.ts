import type {
  AccountUsage,
  AccountUser,
  AssetResponse,
  BrandResponse,
  FolderNode,
  PortalResponse,
  ProjectContext,
  ProjectLevel,
  ProjectPermissions,
  ProjectSummary,
  UserGroup,
} from '@emblem/core';

/** Test data in the shapes the server answers (the response types of @emblem/core). */

export function brand(overrides: Partial<BrandResponse> = {}): BrandResponse {
  const id = overrides.id ?? 1;
  return {
    id,
    account_id: 1,
    name: `Brand ${id}`,
    slug: `brand-${id}`,
    avatar: null,
    is_favourite: false,
    created_at: '2025-03-01T10:00:00.000Z',
    permissions: { canEdit: true, canDelete: true },
    ...overrides,
  };
}

export function accountUser(overrides: Partial<AccountUser> = {}): AccountUser {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    role: 'MEMBER',
    status: 'active',
    gravatar_hash: null,
    avatar: null,
    created_at: '2025-03-01T10:00:00.000Z',
    invitation: null,
    ...overrides,
  };
}

export const USAGE: AccountUsage = {
  users: { total: 7, active: 5, invited: 2, owners: 1, super_users: 2, members: 4 },
  access_requests: { pending: 3, total: 9 },
};

export function projectPermissions(level: ProjectLevel = 'ADMIN'): ProjectPermissions {
  const rank = ['VIEW', 'COMMENT', 'EDIT', 'ADMIN'].indexOf(level);
  return { level, canView: true, canComment: rank >= 1, canEdit: rank >= 2, canAdmin: rank >= 3, canCreateAssets: rank >= 2 };
}

export function project(overrides: Partial<ProjectContext> = {}): ProjectContext {
  const id = overrides.id ?? 5;
  return {
    id,
    hub_id: null,
    brand_id: 1,
    project_type: 'MEDIALIBRARY',
    name: `Library ${id}`,
    description: '',
    personal: 0,
    permissions: projectPermissions('ADMIN'),
    project_blocked_extensions: [],
    blocked_extensions: [],
    allowed_extensions: null,
    download_custom_sizes: [],
    targets_sharing_enabled: false,
    begins_at: null,
    ends_at: null,
    asset_count: 0,
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function projectSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  const id = overrides.id ?? 5;
  return {
    id,
    brand_id: 1,
    name: `Library ${id}`,
    description: '',
    project_type: 'MEDIALIBRARY',
    personal: 0,
    asset_count: 0,
    created_at: '2025-03-01T10:00:00.000Z',
    permissions: projectPermissions('ADMIN'),
    ...overrides,
  };
}

export function asset(overrides: Partial<AssetResponse> = {}): AssetResponse {
  const id = overrides.id ?? 1;
  return {
    id,
    project_id: 5,
    set_id: null,
    title: `Asset ${id}`,
    description: '',
    alternative_text: '',
    computed_alternative_text: `Asset ${id}`,
    object_type: 'FILE',
    external_url: null,
    status: 'FINISHED',
    type: 'Image',
    file_type_group: 'images',
    extension: 'png',
    size: 2048,
    width: 640,
    height: 480,
    duration: null,
    page_count: null,
    has_alpha: false,
    color_space: 'sRGB',
    file_created_at: null,
    filename: `asset-${id}.png`,
    preview_background_color: null,
    position: id,
    revision: { id: id * 10, number: 1, status: 'FINISHED' },
    processing_error: null,
    asset_token: `asset-token-${id}`,
    expires_at: null,
    is_expired: false,
    submission: null,
    workflow_status: null,
    created_at: '2025-03-02T10:00:00.000Z',
    modified_at: '2025-03-02T10:00:00.000Z',
    creator: { id: 1, name: 'Ada Admin' },
    author: null,
    copyright: { status: 'UNKNOWN', notice: '', is_download_consent_required: false },
    licenses: [],
    requires_consent: false,
    preview_url: `/media/t/${id}/preview?width=1600&sig=x`,
    thumbnail_url: `/media/t/${id}/thumb?width=400&sig=x`,
    download_url: `/api/asset/${id}/download`,
    cdn_download_url: null,
    location: { library: { id: 5, name: 'Library 5', type: 'MEDIALIBRARY' }, workspace_project: null, folder: null, breadcrumbs: [] },
    tags: [],
    custom_metadata: [],
    permissions: projectPermissions('ADMIN'),
    ...overrides,
  };
}

/** A folder of the tree (GET /api/project/{id}/set); the fields the tree's nodes carry that the tests use. */
export function folder(id: number, name: string, children: FolderNode[] = [], assetCount = 0): FolderNode {
  return { id, name, color: '#EEEEEE', asset_count: assetCount, child_sets: children };
}

/** A user group of the account (Acme Corp) with the given members, which the caller may edit and delete. */
export function userGroup(id: number, name: string, userIds: number[] = []): UserGroup {
  return {
    id,
    name,
    account_id: 1,
    account_name: 'Acme Corp',
    user_ids: userIds,
    member_count: userIds.length,
    created_at: '2025-03-01T10:00:00.000Z',
    permissions: { canEdit: true, canDelete: true },
  };
}

/** A guideline portal of brand 1 (GET /api/portal), visible to the account's members, which the caller may edit. */
export function portal(overrides: Partial<PortalResponse> = {}): PortalResponse {
  const id = overrides.id ?? 1;
  return {
    id,
    brand_id: 1,
    title: `Portal ${id}`,
    visibility: 'ACCOUNT',
    blueprint_name: null,
    marketplace_app_id: null,
    i18n_enabled: false,
    i18n_settings: { languages: ['en'] },
    cover_page_settings: {},
    created_at: '2025-03-01T10:00:00.000Z',
    modified_at: '2025-03-01T10:00:00.000Z',
    permissions: { canEdit: true },
    ...overrides,
  };
}
