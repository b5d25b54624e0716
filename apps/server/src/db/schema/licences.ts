import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { assetRef } from './assets.js';
import { createdAt, requiredRef } from './columns.js';
import { shareLinks } from './shares.js';

/* Licences, the assets they cover, and the record of every usage consent given before a download (decision 0031). */

/** An account-level licence: a title and a rich text; `requireConsensus` makes a download wait for an acceptance. */
export const licences = pgTable(
  'licences',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    title: text('title').notNull(),
    /** Sanitised HTML (the rich-text allow-list of data-api §5). */
    text: text('text').notNull().default(''),
    requireConsensus: boolean('require_consensus').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('licences_account_idx').on(t.accountId)],
);

/** A licence attached to an asset. */
export const assetLicences = pgTable(
  'asset_licences',
  {
    assetId: assetRef(),
    licenceId: requiredRef('licence_id', () => licences.id),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.licenceId] }), index('asset_licences_licence_idx').on(t.licenceId)],
);

/**
 * One usage consent: who accepted (a user, or a visitor of a share link), when, which licence as it read then
 * (title kept, so the record survives a renamed or deleted licence) and for which assets.
 */
export const consentAcceptances = pgTable(
  'consent_acceptances',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shareLinkId: integer('share_link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    licenceId: integer('licence_id').references(() => licences.id, { onDelete: 'set null' }),
    licenceTitle: text('licence_title').notNull(),
    /** Assets whose download the acceptance covered, and their titles then. */
    assetIds: integer('asset_ids').array().notNull().default([]),
    assetTitles: text('asset_titles').array().notNull().default([]),
    /** The visitor's address for share-link acceptances (null for signed-in users). */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('consent_acceptances_account_idx').on(t.accountId, t.createdAt)],
);
