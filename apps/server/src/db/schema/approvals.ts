import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { assetRef } from './assets.js';
import { createdAt } from './columns.js';
import { userGroups } from './groups.js';
import { projectRef } from './projects.js';

/*
 * Approval requests on workspace assets (decision 0049): the request, the assets it covers and its reviewers, each
 * reviewer a user or a group with the vote it cast. Requests, votes, resets and results are also events.
 */

export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    projectId: projectRef(),
    /** FIRST, ALL, MAJORITY or NO_REJECTION. */
    mode: text('mode').notNull(),
    /** OPEN, APPROVED, CHANGES_REQUESTED, REJECTED or CANCELLED. */
    status: text('status').notNull().default('OPEN'),
    message: text('message').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('approval_requests_project_idx').on(t.projectId),
    // The due-date job reads only open requests with a due date.
    index('approval_requests_open_due_idx').on(t.dueAt).where(sql`${t.status} = 'OPEN'`),
  ],
);

export const approvalRequestAssets = pgTable(
  'approval_request_assets',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    assetId: assetRef(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.assetId] }), index('approval_request_assets_asset_idx').on(t.assetId)],
);

export const approvalReviewers = pgTable(
  'approval_reviewers',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    /** Exactly one of user and group. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    /** APPROVED, CHANGES_REQUESTED or REJECTED; null until answered (and again after a reset). */
    vote: text('vote'),
    comment: text('comment'),
    /** Who cast the vote: the user, or the member of the group. */
    votedBy: integer('voted_by').references(() => users.id, { onDelete: 'set null' }),
    votedAt: timestamp('voted_at', { withTimezone: true }),
  },
  (t) => [
    check('approval_reviewers_one_kind', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
    uniqueIndex('approval_reviewers_user_idx').on(t.requestId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('approval_reviewers_group_idx').on(t.requestId, t.groupId).where(sql`${t.groupId} is not null`),
    index('approval_reviewers_user_lookup_idx').on(t.userId),
  ],
);
