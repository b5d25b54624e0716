import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { brandRef } from './brands.js';
import { createdAt } from './columns.js';

/* Guideline portals: a brand's published home for its guideline documents. */

export const portals = pgTable(
  'portals',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    brandId: brandRef(),
    title: text('title').notNull(),
    /** PUBLIC (anyone with the link), ACCOUNT (signed-in members) or EDITORS (people with edit rights). */
    visibility: text('visibility').notNull().default('ACCOUNT'),
    /** The `/d/{token}` address: 256 random bits; regenerating it ends the old address. */
    token: text('token').notNull().unique(),
    blueprintName: text('blueprint_name'),
    i18nEnabled: boolean('i18n_enabled').notNull().default(false),
    languages: jsonb('languages').$type<string[]>().notNull().default(['en']),
    position: integer('position').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portals_brand_idx').on(t.brandId, t.position)],
);
