import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { apiTokens } from './auth.js';
import { createdAt } from './columns.js';

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
