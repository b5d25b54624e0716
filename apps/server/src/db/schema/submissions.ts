import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { createdAt, requiredRef } from './columns.js';
import { sets } from './folders.js';
import { projectRef } from './projects.js';

/* Asset submission requests: public upload pages that put files into a library folder for review (decision 0032). */

export const submissionRequests = pgTable(
  'submission_requests',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    projectId: projectRef(),
    /** The folder the files arrive in (null = the library's top level). */
    setId: integer('set_id').references(() => sets.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    /** Uploads after the deadline and within the grace period are marked late; after it they are refused. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    graceHours: integer('grace_hours').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_requests_project_idx').on(t.projectId)],
);

/** A public upload address of a request: 192 random bits, stored as SHA-256; shown once when issued. */
export const submissionTokens = pgTable(
  'submission_tokens',
  {
    id: serial('id').primaryKey(),
    requestId: requiredRef('request_id', () => submissionRequests.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('submission_tokens_request_idx').on(t.requestId)],
);
