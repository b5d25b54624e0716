import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { projectRef } from './projects.js';

/*
 * The search index of assets (decision 0039): one row per asset, kept by SQL triggers (migrations 0015 and 0016).
 * Everything a filter, a facet or a sort reads is on this one row (decision 0043), so a search reads one table.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const assetSearch = pgTable(
  'asset_search',
  {
    assetId: integer('asset_id')
      .primaryKey()
      .references(() => assets.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    /**
     * Title (A), tags and file name (B), description and searchable custom metadata (C), document text (D); and
     * filter tokens (`~k:Image`, `~e:jpg`, `~r:LANDSCAPE`, `~t:<tag key>`, `~o:<option id>`) that no query word can
     * spell, so that the full-text index also narrows by those filters (decision 0043).
     */
    document: tsvector('document').notNull(),
    /** Lower-case title and tags: the words of the typo-tolerance vocabulary (search_terms). */
    words: text('words').notNull().default(''),
    /** lower(unaccent(title)): title sort and prefix suggestions. */
    titleKey: text('title_key').notNull().default(''),
    /** Not in the trash (assets.deleted_at is null). */
    live: boolean('live').notNull().default(true),
    status: text('status'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** The asset's tag keys (lower-case), sorted. */
    tagKeys: text('tag_keys').array().notNull().default(sql`'{}'::text[]`),
    /** The option ids of its SELECT and MULTISELECT values (of properties that apply to its library). */
    optionIds: integer('option_ids').array().notNull().default(sql`'{}'::int[]`),
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
    // Byte order (collation "C") whatever the database's collation: a title prefix is an index range, already in the
    // order suggestions list them, so the first few are read without sorting every title with that prefix.
    index('asset_search_title_key_idx').using('btree', sql`${t.titleKey} collate "C"`, t.assetId).where(sql`${t.live}`),
    index('asset_search_sha256_idx').on(t.projectId, t.sha256),
    index('asset_search_phash_idx').on(t.projectId, t.phash),
  ],
);

/** The vocabulary of titles and tags per library, for typo tolerance (a query word not in it is matched to its neighbours). */
export const searchTerms = pgTable(
  'search_terms',
  {
    projectId: projectRef(),
    term: text('term').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.term] }), index('search_terms_term_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
);

/** How many live assets of a library carry each tag, for tag suggestions (kept by triggers on asset_search). */
export const searchTags = pgTable(
  'search_tags',
  {
    projectId: projectRef(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.key] }), index('search_tags_key_idx').using('btree', t.key.op('text_pattern_ops'))],
);
