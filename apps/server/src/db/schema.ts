import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required reference to the owning account or user; rows go with it. */
const accountRef = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const brandRef = () =>
  integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' });
const projectRef = () =>
  integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });
const assetRef = () =>
  integer('asset_id')
    .notNull()
    .references(() => assets.id, { onDelete: 'cascade' });

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').notNull().default('FREE'),
  trialPlan: text('trial_plan').notNull().default('FREE'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  trialExtendedAt: timestamp('trial_extended_at', { withTimezone: true }),
  companySize: text('company_size'),
  blockedExtensions: jsonb('blocked_extensions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  personalProjectAccess: boolean('personal_project_access').notNull().default(true),
  featureFlags: jsonb('feature_flags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** Bytes the account may store; null uses the server's default (ACCOUNT_STORAGE_LIMIT_MB), 0 is unlimited. */
  storageLimitBytes: bigint('storage_limit_bytes', { mode: 'number' }),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name'),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    language: text('language').notNull().default('en'),
    avatar: text('avatar'),
    gravatarHash: text('gravatar_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    accountId: accountRef(),
    userId: userRef(),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('invitations_account_idx').on(t.accountId)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    avatar: text('avatar'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_account_slug_unique').on(t.accountId, t.slug)],
);

export const brandFavourites = pgTable(
  'brand_favourites',
  {
    userId: userRef(),
    brandId: brandRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brandId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userRef(),
    csrfToken: text('csrf_token').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the token, shown in lists so people can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

export const errorPageSettings = pgTable(
  'error_page_settings',
  {
    accountId: accountRef(),
    code: text('code').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.code] })],
);

export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    userId: userRef(),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('PENDING'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('access_requests_account_idx').on(t.accountId, t.status)],
);

/** Failed sign-ins, counted per key (e-mail and IP) inside a window. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_failures_key_idx').on(t.key, t.createdAt)],
);

/** What happened: written in the same transaction as the change it records. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    subjectType: text('subject_type'),
    subjectId: integer('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('events_account_idx').on(t.accountId, t.createdAt)],
);

/* ---------- Asset libraries (issue 3) ---------- */

/** Libraries (MEDIALIBRARY, LOGOLIBRARY, ICONLIBRARY, DOCUMENTLIBRARY) and WORKSPACE projects under a brand. */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    brandId: brandRef(),
    projectType: text('project_type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    personal: boolean('personal').notNull().default(false),
    hubId: integer('hub_id'),
    blockedExtensions: jsonb('blocked_extensions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    downloadCustomSizes: jsonb('download_custom_sizes')
      .$type<{ name: string; width: number | null; height: number | null; format: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    beginsAt: timestamp('begins_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('projects_brand_idx').on(t.brandId), index('projects_account_idx').on(t.accountId)],
);

/** Collaborators of a project with a level: VIEW, COMMENT, EDIT or ADMIN. Account admins have ADMIN everywhere. */
export const projectUsers = pgTable(
  'project_users',
  {
    projectId: projectRef(),
    userId: userRef(),
    level: text('level').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_users_user_idx').on(t.userId)],
);

/** Folders ("sets") nest inside a project. */
export const sets = pgTable(
  'sets',
  {
    id: serial('id').primaryKey(),
    projectId: projectRef(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    color: text('color').notNull().default('#EEEEEE'),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('sets_project_idx').on(t.projectId, t.parentId)],
);

/** An uploaded file in storage. Paths are generated, never taken from the user's file name. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    extension: text('extension').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** The tus upload this file came from, so `GET /api/upload/tus/{id}/file` can answer after the upload. */
    tusUploadId: text('tus_upload_id').unique(),
    /**
     * An unused upload is a capability of its uploader: the API names it by a random token (only its hash is
     * kept), usable once, by the uploader (and, when a personal API token uploaded it, only that token).
     */
    uploadTokenHash: text('upload_token_hash').unique(),
    uploadedViaTokenId: integer('uploaded_via_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    /** When an asset, revision, attachment or setting image took the upload; null while it is unused. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('files_account_idx').on(t.accountId)],
);

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    projectId: projectRef(),
    setId: integer('set_id').references(() => sets.id, { onDelete: 'set null' }),
    objectType: text('object_type').notNull().default('FILE'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    alternativeText: text('alternative_text').notNull().default(''),
    externalUrl: text('external_url'),
    status: text('status').notNull().default('PROCESSING'),
    currentRevisionId: integer('current_revision_id'),
    position: doublePrecision('position').notNull().default(0),
    token: text('token').notNull().unique(),
    author: text('author'),
    copyrightStatus: text('copyright_status').notNull().default('UNKNOWN'),
    copyrightNotice: text('copyright_notice').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One index per folder sort order, each ending in the id tie-break, so a page is an index range with a limit.
  (t) => [
    index('assets_folder_position_idx').on(t.projectId, t.setId, t.position, t.id),
    index('assets_folder_title_idx').on(t.projectId, t.setId, sql`lower(${t.title})`, t.id),
    index('assets_folder_created_idx').on(t.projectId, t.setId, t.id),
    index('assets_account_idx').on(t.accountId),
  ],
);

/** Every file version of an asset is kept; the asset's current revision drives its previews. */
export const assetRevisions = pgTable(
  'asset_revisions',
  {
    id: serial('id').primaryKey(),
    assetId: assetRef(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    number: integer('number').notNull(),
    status: text('status').notNull().default('PROCESSING'),
    kind: text('kind').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    previewKey: text('preview_key'),
    previewBackgroundColor: text('preview_background_color'),
    perceptualHash: text('perceptual_hash'),
    processingError: text('processing_error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('asset_revisions_number_unique').on(t.assetId, t.number), index('asset_revisions_phash_idx').on(t.perceptualHash)],
);

export const assetAttachments = pgTable(
  'asset_attachments',
  {
    id: serial('id').primaryKey(),
    assetId: assetRef(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    title: text('title').notNull(),
    colorSpace: text('color_space'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('asset_attachments_asset_idx').on(t.assetId)],
);

/** Background jobs, persisted: retried with backoff and picked up again after a restart. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_ready_idx').on(t.status, t.runAt)],
);

/** A prepared ZIP download: the token's hash, what it contains and until when it may be fetched. */
export const downloads = pgTable('downloads', {
  id: serial('id').primaryKey(),
  accountId: accountRef(),
  userId: userRef(),
  tokenHash: text('token_hash').notNull().unique(),
  assetIds: jsonb('asset_ids').$type<number[]>().notNull(),
  /** Folder path inside the ZIP per asset id ('' = top level), for folder and project downloads. */
  entryDirs: jsonb('entry_dirs').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  name: text('name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** The sign-in page's settings per account (texts, key visual, background, button style); absent = defaults. */
export const loginPageSettings = pgTable('login_page_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An image made for a setting (avatar, key visual, page background): the crop of an uploaded file rendered once,
 * served publicly under an unguessable token because sign-in and error pages show it to visitors.
 */
export const settingImages = pgTable(
  'setting_images',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    token: text('token').notNull().unique(),
    storageKey: text('storage_key').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    crop: jsonb('crop').$type<Record<string, number> | null>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('setting_images_account_idx').on(t.accountId)],
);

/** A pending e-mail change: the new address waits here until the link mailed to it is opened. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** User groups of an account (admin section "groups", behind the USER_GROUPS flag). */
export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_groups_account_name_idx').on(t.accountId, sql`lower(${t.name})`)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);

/** A group as a project collaborator: every member gets the level (the highest of direct and group levels wins). */
export const projectGroups = pgTable(
  'project_groups',
  {
    projectId: projectRef(),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.groupId] }), index('project_groups_group_idx').on(t.groupId)],
);
