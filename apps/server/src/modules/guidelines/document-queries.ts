import { and, asc, count, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { guidelineDocuments, guidelineHeadings, guidelinePages, guidelineSections, projects } from '../../db/schema.js';

/* SQL of guideline documents, pages and headings; plain rows. */

export type DocumentRow = typeof guidelineDocuments.$inferSelect;
export type ProjectOfDocument = typeof projects.$inferSelect;
/** A document with the STYLEGUIDE project it is (its title is the project's name). */
export interface DocumentWithProject {
  document: DocumentRow;
  project: ProjectOfDocument;
}
export type PageRow = typeof guidelinePages.$inferSelect;
export type HeadingRow = typeof guidelineHeadings.$inferSelect;

export async function findDocument(db: Db, id: number): Promise<DocumentWithProject | null> {
  const [row] = await db
    .select({ document: guidelineDocuments, project: projects })
    .from(guidelineDocuments)
    .innerJoin(projects, eq(projects.id, guidelineDocuments.projectId))
    .where(eq(guidelineDocuments.projectId, id))
    .limit(1);
  return row ?? null;
}

/** The live documents of a portal, in order. */
export function documentsOfPortal(db: Db, portalId: number): Promise<DocumentWithProject[]> {
  return db
    .select({ document: guidelineDocuments, project: projects })
    .from(guidelineDocuments)
    .innerJoin(projects, eq(projects.id, guidelineDocuments.projectId))
    .where(and(eq(guidelineDocuments.portalId, portalId), isNull(guidelineDocuments.deletedAt)))
    .orderBy(asc(guidelineDocuments.position), asc(guidelineDocuments.projectId));
}

export async function insertStyleguideProject(
  tx: Db,
  values: { accountId: number; brandId: number; name: string; hubId: number; createdBy: number },
): Promise<ProjectOfDocument> {
  const [row] = await tx
    .insert(projects)
    .values({ ...values, projectType: 'STYLEGUIDE' })
    .returning();
  return row!;
}

export async function insertDocument(
  tx: Db,
  values: { projectId: number; accountId: number; portalId: number; slug: string; position: number },
): Promise<DocumentRow> {
  const [row] = await tx.insert(guidelineDocuments).values(values).returning();
  return row!;
}

export async function updateDocument(
  tx: Db,
  id: number,
  values: Partial<Pick<DocumentRow, 'slug' | 'published' | 'deletedAt'>>,
  opts: { bumpVersion: boolean; expectVersion?: number },
): Promise<DocumentRow | null> {
  const [row] = await tx
    .update(guidelineDocuments)
    .set({
      ...values,
      ...(opts.bumpVersion ? { version: sql`${guidelineDocuments.version} + 1` } : {}),
      contentVersion: sql`${guidelineDocuments.contentVersion} + 1`,
      modifiedAt: sql`now()`,
    })
    .where(
      and(
        eq(guidelineDocuments.projectId, id),
        opts.expectVersion === undefined ? undefined : eq(guidelineDocuments.version, opts.expectVersion),
      ),
    )
    .returning();
  return row ?? null;
}

export async function renameProject(tx: Db, id: number, name: string): Promise<void> {
  await tx.update(projects).set({ name }).where(eq(projects.id, id));
}

/** Marks a change of anything in the document: the reader's cache key goes up. */
export async function touchDocument(tx: Db, documentId: number): Promise<void> {
  await tx
    .update(guidelineDocuments)
    .set({ contentVersion: sql`${guidelineDocuments.contentVersion} + 1`, modifiedAt: sql`now()` })
    .where(eq(guidelineDocuments.projectId, documentId));
}

/** Whether a live row of `table` other than `exceptId` in the scope uses `slug`. */
export async function slugsLike(db: Db, table: 'documents' | 'pages' | 'headings', scopeId: number, base: string): Promise<Set<string>> {
  const pattern = `${base.replace(/[\\%_]/g, '\\$&')}%`;
  let rows: { slug: string }[];
  if (table === 'documents') {
    rows = await db
      .select({ slug: guidelineDocuments.slug })
      .from(guidelineDocuments)
      .where(
        and(
          eq(guidelineDocuments.portalId, scopeId),
          isNull(guidelineDocuments.deletedAt),
          sql`${guidelineDocuments.slug} like ${pattern}`,
        ),
      );
  } else if (table === 'pages') {
    rows = await db
      .select({ slug: guidelinePages.slug })
      .from(guidelinePages)
      .where(and(eq(guidelinePages.documentId, scopeId), isNull(guidelinePages.deletedAt), sql`${guidelinePages.slug} like ${pattern}`));
  } else {
    rows = await db
      .select({ slug: guidelineHeadings.slug })
      .from(guidelineHeadings)
      .where(
        and(eq(guidelineHeadings.pageId, scopeId), isNull(guidelineHeadings.deletedAt), sql`${guidelineHeadings.slug} like ${pattern}`),
      );
  }
  return new Set(rows.map((r) => r.slug));
}

/** The live document of a portal using `slug` (other than `exceptId`). */
export async function documentSlugTaken(db: Db, portalId: number, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: guidelineDocuments.projectId })
    .from(guidelineDocuments)
    .where(
      and(
        eq(guidelineDocuments.portalId, portalId),
        eq(guidelineDocuments.slug, slug),
        isNull(guidelineDocuments.deletedAt),
        exceptId === undefined ? undefined : sql`${guidelineDocuments.projectId} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function pageSlugTaken(db: Db, documentId: number, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: guidelinePages.id })
    .from(guidelinePages)
    .where(
      and(
        eq(guidelinePages.documentId, documentId),
        eq(guidelinePages.slug, slug),
        isNull(guidelinePages.deletedAt),
        exceptId === undefined ? undefined : sql`${guidelinePages.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/* Pages */

export async function findPage(db: Db, id: number): Promise<PageRow | null> {
  const [row] = await db.select().from(guidelinePages).where(eq(guidelinePages.id, id)).limit(1);
  return row ?? null;
}

/** The live pages of documents, in order (the cover first). */
export function pagesOfDocuments(db: Db, documentIds: number[]): Promise<PageRow[]> {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(guidelinePages)
    .where(and(inArray(guidelinePages.documentId, documentIds), isNull(guidelinePages.deletedAt)))
    .orderBy(asc(guidelinePages.documentId), asc(guidelinePages.position), asc(guidelinePages.id));
}

export async function insertPage(
  tx: Db,
  values: { accountId: number; documentId: number; type: 'COVERPAGE' | 'DEFAULT'; title: string; slug: string; position: number },
): Promise<PageRow> {
  const [row] = await tx.insert(guidelinePages).values(values).returning();
  return row!;
}

export async function updatePage(
  tx: Db,
  id: number,
  values: Partial<Pick<PageRow, 'title' | 'slug' | 'hidden' | 'deletedAt' | 'deletedBy'>>,
  opts: { expectVersion?: number } = {},
): Promise<PageRow | null> {
  const [row] = await tx
    .update(guidelinePages)
    .set({ ...values, version: sql`${guidelinePages.version} + 1`, modifiedAt: sql`now()` })
    .where(and(eq(guidelinePages.id, id), opts.expectVersion === undefined ? undefined : eq(guidelinePages.version, opts.expectVersion)))
    .returning();
  return row ?? null;
}

/** Marks a page's content as changed (a section or block of it): its version and modification time. */
export async function touchPage(tx: Db, id: number): Promise<void> {
  await tx.update(guidelinePages).set({ modifiedAt: sql`now()` }).where(eq(guidelinePages.id, id));
}

/** How many live pages a document has. */
export async function countPages(db: Db, documentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(guidelinePages)
    .where(and(eq(guidelinePages.documentId, documentId), isNull(guidelinePages.deletedAt)));
  return row?.n ?? 0;
}

/* Headings */

export async function findHeading(db: Db, id: number): Promise<HeadingRow | null> {
  const [row] = await db.select().from(guidelineHeadings).where(eq(guidelineHeadings.id, id)).limit(1);
  return row ?? null;
}

/**
 * The live headings of pages, in order. A heading pointing at a section that is in the trash or on another page
 * now answers no section (it points there again once the section is back).
 */
export function headingsOfPages(db: Db, pageIds: number[]): Promise<HeadingRow[]> {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...getTableColumns(guidelineHeadings), sectionId: guidelineSections.id })
    .from(guidelineHeadings)
    .leftJoin(
      guidelineSections,
      and(
        eq(guidelineSections.id, guidelineHeadings.sectionId),
        eq(guidelineSections.pageId, guidelineHeadings.pageId),
        isNull(guidelineSections.deletedAt),
      ),
    )
    .where(and(inArray(guidelineHeadings.pageId, pageIds), isNull(guidelineHeadings.deletedAt)))
    .orderBy(asc(guidelineHeadings.pageId), asc(guidelineHeadings.position), asc(guidelineHeadings.id));
}

export async function insertHeading(
  tx: Db,
  values: { accountId: number; pageId: number; sectionId: number | null; title: string; slug: string; position: number },
): Promise<HeadingRow> {
  const [row] = await tx.insert(guidelineHeadings).values(values).returning();
  return row!;
}

export async function updateHeading(
  tx: Db,
  id: number,
  values: Partial<Pick<HeadingRow, 'title' | 'slug' | 'sectionId' | 'deletedAt' | 'deletedBy'>>,
  opts: { expectVersion?: number } = {},
): Promise<HeadingRow | null> {
  const [row] = await tx
    .update(guidelineHeadings)
    .set({ ...values, version: sql`${guidelineHeadings.version} + 1`, modifiedAt: sql`now()` })
    .where(
      and(eq(guidelineHeadings.id, id), opts.expectVersion === undefined ? undefined : eq(guidelineHeadings.version, opts.expectVersion)),
    )
    .returning();
  return row ?? null;
}

/** Headings of a page pointing at a section that left it point at nothing. */
export async function detachHeadings(tx: Db, pageId: number, sectionId: number): Promise<void> {
  await tx
    .update(guidelineHeadings)
    .set({ sectionId: null, version: sql`${guidelineHeadings.version} + 1`, modifiedAt: sql`now()` })
    .where(and(eq(guidelineHeadings.pageId, pageId), eq(guidelineHeadings.sectionId, sectionId)));
}

/* Ordering of siblings */

/** The tables whose rows are ordered by `position` among live siblings. */
const ORDERED = {
  documents: { table: guidelineDocuments, id: guidelineDocuments.projectId, position: guidelineDocuments.position },
  pages: { table: guidelinePages, id: guidelinePages.id, position: guidelinePages.position },
  headings: { table: guidelineHeadings, id: guidelineHeadings.id, position: guidelineHeadings.position },
  sections: { table: guidelineSections, id: guidelineSections.id, position: guidelineSections.position },
} satisfies Record<string, { table: PgTable; id: PgColumn; position: PgColumn }>;
export type OrderedKind = keyof typeof ORDERED;

const ORDERED_TABLES: Record<OrderedKind | 'blocks', string> = {
  documents: 'guideline_documents',
  pages: 'guideline_pages',
  headings: 'guideline_headings',
  sections: 'guideline_sections',
  blocks: 'guideline_blocks',
};

/** Writes `position` = index in `ids` for each row of `ids` whose position differs (one statement). */
export async function writePositions(tx: Db, kind: OrderedKind | 'blocks', ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const table = sql.identifier(ORDERED_TABLES[kind]);
  const idColumn = sql.identifier(kind === 'documents' ? 'project_id' : 'id');
  const list = (values: number[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::int[]`;
  await tx.execute(sql`update ${table} t set position = v.pos
    from unnest(${list(ids)}, ${list(ids.map((_, i) => i))}) as v(id, pos)
    where t.${idColumn} = v.id and t.position <> v.pos`);
}

/** The ids of the live siblings in `kind` whose scope column equals `scopeId`, in order. */
export async function siblingIds(db: Db, kind: OrderedKind, scopeId: number): Promise<number[]> {
  const spec = ORDERED[kind];
  const scope =
    kind === 'documents'
      ? eq(guidelineDocuments.portalId, scopeId)
      : kind === 'pages'
        ? eq(guidelinePages.documentId, scopeId)
        : kind === 'headings'
          ? eq(guidelineHeadings.pageId, scopeId)
          : eq(guidelineSections.pageId, scopeId);
  const rows = await db
    .select({ id: spec.id })
    .from(spec.table)
    .where(and(scope, sql`${spec.table}.deleted_at is null`))
    .orderBy(asc(spec.position), asc(spec.id));
  return rows.map((r) => r.id as number);
}
