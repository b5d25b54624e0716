import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { createdAt, requiredRef } from './columns.js';
import { files } from './files.js';
import { sets } from './folders.js';
import { projectRef } from './projects.js';
import { submissionRequests } from './submissions.js';
import { workflowStatuses } from './workflows.js';

/* Assets, their revisions (file versions) and their attachments. */

/** A required reference to the owning asset; rows go with it. */
export const assetRef = () => requiredRef('asset_id', () => assets.id);

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
    /** When the daily job recorded this asset's expiry as an event (null = not yet, or expiresAt moved since). */
    expiryRecordedAt: timestamp('expiry_recorded_at', { withTimezone: true }),
    /** A download waits for the visitor to accept the asset's licences and copyright notice. */
    downloadConsentRequired: boolean('download_consent_required').notNull().default(false),
    /** Sent through a submission request: waiting for an editor (SUBMITTED), then ACCEPTED; null = not submitted. */
    submissionStatus: text('submission_status'),
    submissionRequestId: integer('submission_request_id').references(() => submissionRequests.id, { onDelete: 'set null' }),
    submittedByName: text('submitted_by_name'),
    submittedByEmail: text('submitted_by_email'),
    /** Arrived after the request's deadline, within its grace period. */
    submittedLate: boolean('submitted_late').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the library's trash since then (null = live); purged 30 days later with its files (decision 0025). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The folder whose deletion took this asset to the trash (null when the asset was deleted on its own). */
    trashedWith: integer('trashed_with'),
    /** The asset's workflow status in its workspace project (null = none; decision 0045). */
    workflowStatusId: integer('workflow_status_id'),
    /** Who works on the asset in its workspace (decision 0048); null = nobody. */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the asset's work is due (decision 0048); null = no date. */
    dueAt: timestamp('due_at', { withTimezone: true }),
  },
  // One index per folder sort order, each ending in the id tie-break, so a page is an index range with a limit.
  (t) => [
    index('assets_folder_position_idx').on(t.projectId, t.setId, t.position, t.id),
    index('assets_folder_title_idx').on(t.projectId, t.setId, sql`lower(${t.title})`, t.id),
    index('assets_folder_created_idx').on(t.projectId, t.setId, t.id),
    index('assets_account_idx').on(t.accountId),
    index('assets_trash_idx').on(t.projectId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('assets_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    index('assets_workflow_status_idx').on(t.workflowStatusId).where(sql`${t.workflowStatusId} is not null`),
    // A status of the asset's own project only: moving an asset to another project must clear it.
    foreignKey({
      name: 'assets_workflow_status_fk',
      columns: [t.workflowStatusId, t.projectId],
      foreignColumns: [workflowStatuses.id, workflowStatuses.projectId],
    }),
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
    /** The text of a document's first pages (PDF), for search; null when the file has none. */
    extractedText: text('extracted_text'),
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
