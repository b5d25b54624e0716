import { sql } from 'drizzle-orm';
import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, userRef } from './accounts.js';
import { createdAt } from './columns.js';

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
