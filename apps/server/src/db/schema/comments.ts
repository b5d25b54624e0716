import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { assetRef, assetRevisions } from './assets.js';
import { createdAt } from './columns.js';

/* Comments on assets (decision 0046): top-level comments with an optional marking, and one level of replies. */

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    assetId: assetRef(),
    /** The revision the comment was made on, so its marking stays on that file version; null for assets without a file. */
    revisionId: integer('revision_id').references(() => assetRevisions.id, { onDelete: 'set null' }),
    /** The comment a reply answers (top-level comments: null); deleting a comment deletes its replies. */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** Sanitised HTML (the rich-text allow-list of data-api §5). */
    content: text('content').notNull(),
    /** Where on the file the comment points (validated by commentMarkingSchema); null for none and for replies. */
    marking: jsonb('marking').$type<Record<string, unknown>>(),
    /** Users a reply mentions. */
    mentionedUserIds: integer('mentioned_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    isResolved: boolean('is_resolved').notNull().default(false),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('comments_asset_idx').on(t.assetId, t.createdAt), index('comments_parent_idx').on(t.parentId)],
);
