import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  guidelineBlockRefs,
  guidelineBlocks,
  guidelineDocuments,
  guidelineHeadings,
  guidelinePages,
  guidelineSections,
  projects,
} from '../../db/schema.js';

/* SQL of the content of guideline pages: sections, blocks and what blocks name; plain rows. */

export type SectionRow = typeof guidelineSections.$inferSelect;
export type BlockRow = typeof guidelineBlocks.$inferSelect;
export type RefKind = 'asset' | 'folder' | 'project' | 'page' | 'section' | 'block';

/* Sections */

export async function findSection(db: Db, id: number): Promise<SectionRow | null> {
  const [row] = await db.select().from(guidelineSections).where(eq(guidelineSections.id, id)).limit(1);
  return row ?? null;
}

/** The live sections of pages, in order. */
export function sectionsOfPages(db: Db, pageIds: number[]): Promise<SectionRow[]> {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(guidelineSections)
    .where(and(inArray(guidelineSections.pageId, pageIds), isNull(guidelineSections.deletedAt)))
    .orderBy(asc(guidelineSections.pageId), asc(guidelineSections.position), asc(guidelineSections.id));
}

export async function insertSection(
  tx: Db,
  values: {
    accountId: number;
    pageId: number;
    columnProportions: number[];
    groupId: string | null;
    tabTitle: string | null;
    position: number;
  },
): Promise<SectionRow> {
  const [row] = await tx.insert(guidelineSections).values(values).returning();
  return row!;
}

export async function updateSection(
  tx: Db,
  id: number,
  values: Partial<Pick<SectionRow, 'columnProportions' | 'groupId' | 'tabTitle' | 'pageId' | 'deletedAt' | 'deletedBy'>>,
  opts: { expectVersion?: number } = {},
): Promise<SectionRow | null> {
  const [row] = await tx
    .update(guidelineSections)
    .set({ ...values, version: sql`${guidelineSections.version} + 1`, modifiedAt: sql`now()` })
    .where(
      and(eq(guidelineSections.id, id), opts.expectVersion === undefined ? undefined : eq(guidelineSections.version, opts.expectVersion)),
    )
    .returning();
  return row ?? null;
}

/** Live sections of a page in a tab group. */
export function sectionsOfGroup(db: Db, pageId: number, groupId: string): Promise<SectionRow[]> {
  return db
    .select()
    .from(guidelineSections)
    .where(and(eq(guidelineSections.pageId, pageId), eq(guidelineSections.groupId, groupId), isNull(guidelineSections.deletedAt)))
    .orderBy(asc(guidelineSections.position));
}

/* Blocks */

export async function findBlock(db: Db, id: number): Promise<BlockRow | null> {
  const [row] = await db.select().from(guidelineBlocks).where(eq(guidelineBlocks.id, id)).limit(1);
  return row ?? null;
}

/** The live blocks of sections, in order of section, column and position. */
export function blocksOfSections(db: Db, sectionIds: number[]): Promise<BlockRow[]> {
  if (sectionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(guidelineBlocks)
    .where(and(inArray(guidelineBlocks.sectionId, sectionIds), isNull(guidelineBlocks.deletedAt)))
    .orderBy(asc(guidelineBlocks.sectionId), asc(guidelineBlocks.column), asc(guidelineBlocks.position), asc(guidelineBlocks.id));
}

/** The ids of the live blocks in a column of a section, in order. */
export async function blockIdsOfColumn(db: Db, sectionId: number, column: number): Promise<number[]> {
  const rows = await db
    .select({ id: guidelineBlocks.id })
    .from(guidelineBlocks)
    .where(and(eq(guidelineBlocks.sectionId, sectionId), eq(guidelineBlocks.column, column), isNull(guidelineBlocks.deletedAt)))
    .orderBy(asc(guidelineBlocks.position), asc(guidelineBlocks.id));
  return rows.map((r) => r.id);
}

/** The highest column any live block of a section sits in (-1 without blocks). */
export async function lastUsedColumn(db: Db, sectionId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${guidelineBlocks.column})` })
    .from(guidelineBlocks)
    .where(and(eq(guidelineBlocks.sectionId, sectionId), isNull(guidelineBlocks.deletedAt)));
  return row?.max ?? -1;
}

export async function insertBlock(
  tx: Db,
  values: {
    accountId: number;
    sectionId: number;
    column: number;
    position: number;
    type: string;
    settings: Record<string, unknown>;
    createdBy: number;
  },
): Promise<BlockRow> {
  const [row] = await tx
    .insert(guidelineBlocks)
    .values({ ...values, modifiedBy: values.createdBy })
    .returning();
  return row!;
}

export async function updateBlock(
  tx: Db,
  id: number,
  values: Partial<Pick<BlockRow, 'settings' | 'sectionId' | 'column' | 'deletedAt' | 'deletedBy' | 'modifiedBy'>>,
  opts: { expectVersion?: number } = {},
): Promise<BlockRow | null> {
  const [row] = await tx
    .update(guidelineBlocks)
    .set({ ...values, version: sql`${guidelineBlocks.version} + 1`, modifiedAt: sql`now()` })
    .where(and(eq(guidelineBlocks.id, id), opts.expectVersion === undefined ? undefined : eq(guidelineBlocks.version, opts.expectVersion)))
    .returning();
  return row ?? null;
}

/* What blocks name */

/** Replaces what a block names with `refs`. */
export async function writeBlockRefs(tx: Db, blockId: number, refs: { kind: RefKind; targetId: number }[]): Promise<void> {
  await tx.delete(guidelineBlockRefs).where(eq(guidelineBlockRefs.blockId, blockId));
  if (refs.length > 0) await tx.insert(guidelineBlockRefs).values(refs.map((r) => ({ blockId, ...r })));
}

/** Of the given pages, sections or blocks, those that exist in the account (deleted or not). */
export async function existingInAccount(db: Db, accountId: number, kind: 'page' | 'section' | 'block', ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const table = kind === 'page' ? guidelinePages : kind === 'section' ? guidelineSections : guidelineBlocks;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, accountId), inArray(table.id, ids)));
  return rows.map((r) => r.id);
}

/* The trash */

export interface TrashRow {
  kind: 'page' | 'heading' | 'section' | 'block';
  id: number;
  title: string;
  pageId: number | null;
  deletedAt: Date;
}

/** Everything of a document deleted since `since`, newest first (pages, headings, sections, blocks). */
export async function trashOfDocument(db: Db, documentId: number, since: Date): Promise<TrashRow[]> {
  const result = (await db.execute(sql`
    select 'page' as kind, p.id, p.title, p.id as page_id, p.deleted_at
      from ${guidelinePages} p where p.document_id = ${documentId} and p.deleted_at >= ${since.toISOString()}
    union all
    select 'heading', h.id, h.title, h.page_id, h.deleted_at
      from ${guidelineHeadings} h join ${guidelinePages} p on p.id = h.page_id
      where p.document_id = ${documentId} and h.deleted_at >= ${since.toISOString()}
    union all
    select 'section', s.id, coalesce(s.tab_title, ''), s.page_id, s.deleted_at
      from ${guidelineSections} s join ${guidelinePages} p on p.id = s.page_id
      where p.document_id = ${documentId} and s.deleted_at >= ${since.toISOString()}
    union all
    select 'block', b.id, b.type, s.page_id, b.deleted_at
      from ${guidelineBlocks} b join ${guidelineSections} s on s.id = b.section_id join ${guidelinePages} p on p.id = s.page_id
      where p.document_id = ${documentId} and b.deleted_at >= ${since.toISOString()}
    order by deleted_at desc, kind, id`)) as unknown as {
    rows: { kind: TrashRow['kind']; id: number; title: string; page_id: number | null; deleted_at: string | Date }[];
  };
  return result.rows.map((r) => ({
    kind: r.kind,
    id: Number(r.id),
    title: r.title,
    pageId: r.page_id === null ? null : Number(r.page_id),
    deletedAt: new Date(r.deleted_at),
  }));
}

/** Removes for good what has been in the trash since before `before`: blocks, sections, headings, pages, documents. */
export async function purgeTrash(db: Db, before: Date): Promise<number> {
  const at = before.toISOString();
  let removed = 0;
  for (const table of [guidelineBlocks, guidelineSections, guidelineHeadings, guidelinePages]) {
    const rows = await db.delete(table).where(sql`${table.deletedAt} < ${at}`).returning({ id: table.id });
    removed += rows.length;
  }
  // A document is its project: removing the project removes the document and everything in it.
  const documents = (await db.execute(sql`
    delete from ${projects} where id in (select project_id from ${guidelineDocuments} where deleted_at < ${at}) returning id as project_id`)) as unknown as {
    rows: unknown[];
  };
  return removed + documents.rows.length;
}

/* Restoring a saved state of a page */

/** Writes a section as a saved state has it, live; recreated with its id when the purge removed it. */
export async function putSection(
  tx: Db,
  values: {
    id: number;
    accountId: number;
    pageId: number;
    columnProportions: number[];
    groupId: string | null;
    tabTitle: string | null;
    position: number;
  },
): Promise<void> {
  await tx
    .insert(guidelineSections)
    .values(values)
    .onConflictDoUpdate({
      target: guidelineSections.id,
      set: {
        pageId: values.pageId,
        columnProportions: values.columnProportions,
        groupId: values.groupId,
        tabTitle: values.tabTitle,
        position: values.position,
        deletedAt: null,
        deletedBy: null,
        version: sql`${guidelineSections.version} + 1`,
        modifiedAt: sql`now()`,
      },
    });
}

/** Writes a block as a saved state has it, live; recreated with its id when the purge removed it. */
export async function putBlock(
  tx: Db,
  values: {
    id: number;
    accountId: number;
    sectionId: number;
    column: number;
    position: number;
    type: string;
    settings: Record<string, unknown>;
    modifiedBy: number;
  },
): Promise<void> {
  await tx
    .insert(guidelineBlocks)
    .values({ ...values, createdBy: values.modifiedBy })
    .onConflictDoUpdate({
      target: guidelineBlocks.id,
      set: {
        sectionId: values.sectionId,
        column: values.column,
        position: values.position,
        type: values.type,
        settings: values.settings,
        deletedAt: null,
        deletedBy: null,
        modifiedBy: values.modifiedBy,
        version: sql`${guidelineBlocks.version} + 1`,
        modifiedAt: sql`now()`,
      },
    });
}

/** Moves live sections of a page to the trash, except `keep`. */
export async function trashSectionsExcept(tx: Db, pageId: number, keep: number[], userId: number): Promise<number[]> {
  const rows = await tx
    .update(guidelineSections)
    .set({ deletedAt: sql`now()`, deletedBy: userId, version: sql`${guidelineSections.version} + 1`, modifiedAt: sql`now()` })
    .where(
      and(
        eq(guidelineSections.pageId, pageId),
        isNull(guidelineSections.deletedAt),
        keep.length ? notInArray(guidelineSections.id, keep) : undefined,
      ),
    )
    .returning({ id: guidelineSections.id });
  return rows.map((r) => r.id);
}

/** Moves live blocks of the sections to the trash, except `keep`. */
export async function trashBlocksExcept(tx: Db, sectionIds: number[], keep: number[], userId: number): Promise<void> {
  if (sectionIds.length === 0) return;
  await tx
    .update(guidelineBlocks)
    .set({ deletedAt: sql`now()`, deletedBy: userId, version: sql`${guidelineBlocks.version} + 1`, modifiedAt: sql`now()` })
    .where(
      and(
        inArray(guidelineBlocks.sectionId, sectionIds),
        isNull(guidelineBlocks.deletedAt),
        keep.length ? notInArray(guidelineBlocks.id, keep) : undefined,
      ),
    );
}

/** Pages of the given sections and blocks as they are now (what a restore takes them from). */
export async function pagesHolding(db: Db, sectionIds: number[], blockIds: number[]): Promise<{ pageId: number; documentId: number }[]> {
  const rows: { pageId: number; documentId: number }[] = [];
  if (sectionIds.length > 0)
    rows.push(
      ...(await db
        .select({ pageId: guidelinePages.id, documentId: guidelinePages.documentId })
        .from(guidelineSections)
        .innerJoin(guidelinePages, eq(guidelinePages.id, guidelineSections.pageId))
        .where(inArray(guidelineSections.id, sectionIds))),
    );
  if (blockIds.length > 0)
    rows.push(
      ...(await db
        .select({ pageId: guidelinePages.id, documentId: guidelinePages.documentId })
        .from(guidelineBlocks)
        .innerJoin(guidelineSections, eq(guidelineSections.id, guidelineBlocks.sectionId))
        .innerJoin(guidelinePages, eq(guidelinePages.id, guidelineSections.pageId))
        .where(inArray(guidelineBlocks.id, blockIds))),
    );
  return rows;
}

/**
 * The live palette blocks of a document with their page's title, in reading order (page, section, column, position);
 * without `drafts`, only those on pages visitors see.
 */
export function paletteBlocksOfDocument(
  db: Db,
  documentId: number,
  drafts: boolean,
): Promise<{ id: number; settings: Record<string, unknown>; pageTitle: string }[]> {
  return db
    .select({ id: guidelineBlocks.id, settings: guidelineBlocks.settings, pageTitle: guidelinePages.title })
    .from(guidelineBlocks)
    .innerJoin(guidelineSections, eq(guidelineSections.id, guidelineBlocks.sectionId))
    .innerJoin(guidelinePages, eq(guidelinePages.id, guidelineSections.pageId))
    .where(
      and(
        eq(guidelinePages.documentId, documentId),
        eq(guidelineBlocks.type, 'palette'),
        isNull(guidelineBlocks.deletedAt),
        isNull(guidelineSections.deletedAt),
        isNull(guidelinePages.deletedAt),
        drafts ? undefined : eq(guidelinePages.hidden, false),
      ),
    )
    .orderBy(
      asc(guidelinePages.position),
      asc(guidelinePages.id),
      asc(guidelineSections.position),
      asc(guidelineSections.id),
      asc(guidelineBlocks.column),
      asc(guidelineBlocks.position),
      asc(guidelineBlocks.id),
    );
}
