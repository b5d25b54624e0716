import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { assets } from './assets.js';
import { createdAt, requiredRef } from './columns.js';

/* Asset tags (decision 0038): put on by people (MANUAL) or found in the file by Emblem (AUTO). */

export const assetTags = pgTable(
  'asset_tags',
  {
    assetId: requiredRef('asset_id', () => assets.id),
    /** As first spelled on this asset. */
    value: text('value').notNull(),
    /** lower(value): tags that differ only in case are one tag. */
    key: text('key').notNull(),
    source: text('source').notNull(),
    /** What found an AUTO tag (exif, iptc, xmp, pdf, orientation, colour, transparency, type); null for MANUAL. */
    engine: text('engine'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.key] }), index('asset_tags_key_idx').using('btree', t.key.op('text_pattern_ops'))],
);
