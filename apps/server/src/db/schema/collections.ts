import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { assets } from './assets.js';
import { createdAt, requiredRef } from './columns.js';
import { projectRef } from './projects.js';

/* Collections: named, ordered sets of a brand's assets, kept on a library's "collections" page (decision 0029). */

export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    /** The library or workspace that holds the collection; its levels are the collection's permissions. */
    projectId: projectRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: doublePrecision('position').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collections_project_idx').on(t.projectId, t.position)],
);

/** An asset in a collection, at a position of the collection's order; an asset may be in many collections. */
export const collectionAssets = pgTable(
  'collection_assets',
  {
    collectionId: requiredRef('collection_id', () => collections.id),
    assetId: requiredRef('asset_id', () => assets.id),
    position: doublePrecision('position').notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.assetId] }),
    index('collection_assets_order_idx').on(t.collectionId, t.position),
    index('collection_assets_asset_idx').on(t.assetId),
  ],
);
