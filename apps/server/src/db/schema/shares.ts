import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { collections } from './collections.js';
import { createdAt } from './columns.js';
import { sets } from './folders.js';
import { projectRef } from './projects.js';

/* Share links: public addresses of assets, a folder or a collection for visitors without an account (decision 0030). */

export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    /** The library (or workspace) whose levels decide who manages the link: the target's project. */
    projectId: projectRef(),
    type: text('type').notNull(),
    /** `asset`: the assets shared, in order. */
    assetIds: integer('asset_ids').array().notNull().default([]),
    setId: integer('set_id').references(() => sets.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    /** SHA-256 of the address token (192 random bits); the token itself is shown once, when the link is made. */
    tokenHash: text('token_hash').notNull().unique(),
    /** argon2id; null = no password. */
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** What visitors may download: ORIGINAL, PREVIEW or NONE. */
    download: text('download').notNull().default('PREVIEW'),
    openCount: integer('open_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_links_project_idx').on(t.projectId), index('share_links_collection_idx').on(t.collectionId)],
);

/**
 * Permission tokens (`POST /api/asset/permission-token`): a time-limited bearer of VIEW (or DOWNLOAD) on named
 * assets, for embedding in other tools. 192 random bits, stored as SHA-256.
 */
export const permissionTokens = pgTable(
  'permission_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    tokenHash: text('token_hash').notNull().unique(),
    assetIds: integer('asset_ids').array().notNull(),
    permissionLevel: text('permission_level').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('permission_tokens_account_idx').on(t.accountId)],
);
