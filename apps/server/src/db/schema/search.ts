import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';

/* The search index of assets (decision 0039): one row per asset, kept by SQL triggers in migration 0015. */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const assetSearch = pgTable(
  'asset_search',
  {
    assetId: integer('asset_id')
      .primaryKey()
      .references(() => assets.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    /** Title (A), tags and file name (B), description and searchable custom metadata (C), document text (D). */
    document: tsvector('document').notNull(),
    /** Lower-case title and tags, for typo-tolerant (trigram) matching and suggestions. */
    words: text('words').notNull().default(''),
    /** The current file's facts, for filters and facets. */
    kind: text('kind'),
    extension: text('extension'),
    size: bigint('size', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    /** LANDSCAPE, PORTRAIT or SQUARE. */
    orientation: text('orientation'),
    /** The dominant colour in CIELAB, for "near this colour". */
    colorL: real('color_l'),
    colorA: real('color_a'),
    colorB: real('color_b'),
    sha256: text('sha256'),
    /** The 64-bit perceptual hash, for near duplicates by Hamming distance. */
    phash: bigint('phash', { mode: 'bigint' }),
  },
  (t) => [
    index('asset_search_document_idx').using('gin', t.document),
    index('asset_search_words_idx').using('gin', sql`${t.words} gin_trgm_ops`),
    index('asset_search_project_idx').on(t.projectId),
    index('asset_search_sha256_idx').on(t.projectId, t.sha256),
    index('asset_search_phash_idx').on(t.projectId, t.phash),
  ],
);
