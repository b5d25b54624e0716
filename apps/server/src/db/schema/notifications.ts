import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { assets } from './assets.js';
import { createdAt } from './columns.js';
import { comments } from './comments.js';
import { projects } from './projects.js';

/* In-app notifications and the switches that silence them (decision 0050). */

/** One thing that happened that a user should know of: read in the notification centre, e-mailed in batches. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_TYPES. */
    type: text('type').notNull(),
    /** Who did it; null once that user is deleted. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The project of the record; a user removed from its account gets no e-mail of it. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    /** The comment or reply it is about; the notification goes with it. */
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** The approval request it is about (review requests and decisions). */
    requestId: integer('request_id'),
    /** A few values the text needs (a due date, a decision), never content the recipient could not read. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.id),
    index('notifications_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null`),
  ],
);

/** A user's switch for one notification type; a type without a row is on in the app and by e-mail. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
