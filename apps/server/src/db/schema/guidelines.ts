import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { brandRef } from './brands.js';
import { createdAt } from './columns.js';
import { projects } from './projects.js';

const modifiedAt = () => timestamp('modified_at', { withTimezone: true }).notNull().defaultNow();

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
    /** The hub's cover page: heading, subline, colours and a key visual asset (the cover-page reset calls remove keys). */
    coverSettings: jsonb('cover_settings').$type<Record<string, unknown>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portals_brand_idx').on(t.brandId, t.position)],
);

/* Guideline documents (STYLEGUIDE projects shown in a portal), their pages, headings, sections and blocks. */

/**
 * A guideline document: the STYLEGUIDE project (title = project name, permissions = project levels) shown in a
 * portal. `contentVersion` goes up with every change of anything in the document (pages, sections, blocks), so
 * the public reader's cache can tell a stale page by reading one row.
 */
export const guidelineDocuments = pgTable(
  'guideline_documents',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    accountId: accountRef(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    /** Visitors see a document only once it is published (and its portal admits them). */
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(1),
    contentVersion: integer('content_version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    uniqueIndex('guideline_documents_slug_idx').on(t.portalId, t.slug).where(sql`deleted_at IS NULL`),
    index('guideline_documents_portal_idx').on(t.portalId, t.position),
  ],
);

/** A page of a document: the one COVERPAGE (created with the document) or a DEFAULT page. */
export const guidelinePages = pgTable(
  'guideline_pages',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    documentId: integer('document_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('DEFAULT'),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    /** A hidden page is a draft: editors see it, visitors do not. */
    hidden: boolean('hidden').notNull().default(false),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    uniqueIndex('guideline_pages_slug_idx').on(t.documentId, t.slug).where(sql`deleted_at IS NULL`),
    index('guideline_pages_document_idx').on(t.documentId, t.position),
  ],
);

/** A section of a page: its column layout and, when it is one tab of a tab group, the group and tab title. */
export const guidelineSections = pgTable(
  'guideline_sections',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    pageId: integer('page_id')
      .notNull()
      .references(() => guidelinePages.id, { onDelete: 'cascade' }),
    columnProportions: jsonb('column_proportions').$type<number[]>().notNull().default([1]),
    groupId: text('group_id'),
    tabTitle: text('tab_title'),
    position: integer('position').notNull().default(0),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: modifiedAt(),
  },
  (t) => [index('guideline_sections_page_idx').on(t.pageId, t.position)],
);

/** A page heading: an entry of the page's navigation, pointing at a section of the page when it has one. */
export const guidelineHeadings = pgTable(
  'guideline_headings',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    pageId: integer('page_id')
      .notNull()
      .references(() => guidelinePages.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').references(() => guidelineSections.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: modifiedAt(),
  },
  (t) => [index('guideline_headings_page_idx').on(t.pageId, t.position)],
);

/** A content block in a column of a section: its type and settings (validated by the type's schema). */
export const guidelineBlocks = pgTable(
  'guideline_blocks',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => guidelineSections.id, { onDelete: 'cascade' }),
    column: integer('column').notNull().default(0),
    position: integer('position').notNull().default(0),
    type: text('type').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedBy: integer('modified_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: modifiedAt(),
  },
  (t) => [index('guideline_blocks_section_idx').on(t.sectionId, t.column, t.position)],
);

/**
 * What a block's settings name, kept beside the block on every save: assets, folders and library projects it
 * shows (the public reader serves exactly these to visitors), and the pages, sections and blocks it links to
 * (a delete of a linked item answers "still referenced").
 */
export const guidelineBlockRefs = pgTable(
  'guideline_block_refs',
  {
    blockId: integer('block_id')
      .notNull()
      .references(() => guidelineBlocks.id, { onDelete: 'cascade' }),
    /** asset, folder, project, page, section or block. */
    kind: text('kind').notNull(),
    targetId: integer('target_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.kind, t.targetId] }), index('guideline_block_refs_target_idx').on(t.kind, t.targetId)],
);

/** Every saved state of a page's content (sections and blocks), for its history and restore. */
export const guidelinePageRevisions = pgTable(
  'guideline_page_revisions',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    pageId: integer('page_id')
      .notNull()
      .references(() => guidelinePages.id, { onDelete: 'cascade' }),
    /** What changed, in a few words ("Edited a palette block"). */
    summary: text('summary').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('guideline_page_revisions_page_idx').on(t.pageId, t.id)],
);
