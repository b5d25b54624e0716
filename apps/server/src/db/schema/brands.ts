import { integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRef, userRef, users } from './accounts.js';
import { createdAt, requiredRef } from './columns.js';

/* Brands of an account and the users' favourite brands. */

/** A required reference to the owning brand; rows go with it. */
export const brandRef = () => requiredRef('brand_id', () => brands.id);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    avatar: text('avatar'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_account_slug_unique').on(t.accountId, t.slug)],
);

export const brandFavourites = pgTable(
  'brand_favourites',
  {
    userId: userRef(),
    brandId: brandRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brandId] })],
);
