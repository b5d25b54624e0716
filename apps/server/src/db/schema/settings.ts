import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, accounts, users } from './accounts.js';
import { createdAt } from './columns.js';
import { files } from './files.js';

/* Account settings of the public pages (sign-in and error pages) and the images settings show. */

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
