import { and, asc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  accounts,
  assetRevisions,
  assets,
  files,
  guidelineBlockRefs,
  guidelineBlocks,
  guidelineDocuments,
  guidelineHeadings,
  guidelinePages,
  guidelineSections,
  portals,
  projects,
} from '../../../db/schema.js';

/**
 * The public reader's SQL: what one request needs to decide who may read a page (one indexed query, which is all a
 * cached page costs), then the page's content, its navigation and the assets its blocks show.
 */

export type ReaderPortalRow = typeof portals.$inferSelect;

/** A live page of a document, as the navigation and the access rules need it. */
export interface ReaderPageRef {
  id: number;
  type: 'COVERPAGE' | 'DEFAULT';
  title: string;
  slug: string;
  hidden: boolean;
}

export interface ReaderDocumentRow {
  id: number;
  accountId: number;
  brandId: number;
  portalId: number;
  title: string;
  slug: string;
  published: boolean;
  version: number;
  contentVersion: number;
  deletedAt: Date | null;
  modifiedAt: Date;
  /** Live pages (not deleted), in order: the cover page first. */
  pages: ReaderPageRef[];
  portal: ReaderPortalRow;
}

const livePages = sql<ReaderPageRef[]>`(select coalesce(json_agg(json_build_object(
    'id', p.id, 'type', p.type, 'title', p.title, 'slug', p.slug, 'hidden', p.hidden)
    order by (p.type = 'COVERPAGE') desc, p.position, p.id), '[]'::json)
  from ${guidelinePages} p where p.document_id = ${guidelineDocuments.projectId} and p.deleted_at is null)`;

function documentQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: guidelineDocuments.projectId,
      accountId: guidelineDocuments.accountId,
      brandId: projects.brandId,
      portalId: guidelineDocuments.portalId,
      title: projects.name,
      slug: guidelineDocuments.slug,
      published: guidelineDocuments.published,
      version: guidelineDocuments.version,
      contentVersion: guidelineDocuments.contentVersion,
      deletedAt: guidelineDocuments.deletedAt,
      modifiedAt: guidelineDocuments.modifiedAt,
      pages: livePages,
      portal: portals,
    })
    .from(guidelineDocuments)
    .innerJoin(projects, eq(projects.id, guidelineDocuments.projectId))
    .innerJoin(portals, eq(portals.id, guidelineDocuments.portalId))
    .where(where)
    .limit(1);
}

function prepareDocumentQuery(db: Db) {
  return documentQuery(db, eq(guidelineDocuments.projectId, sql.placeholder('id'))).prepare('reader_document');
}
/** Prepared once per database: a cached page costs this one query, without planning it each time. */
const preparedDocumentQueries = new WeakMap<Db, ReturnType<typeof prepareDocumentQuery>>();

/** A document with its portal and its live pages, in one query (the reader's access check and cache key). */
export async function findReaderDocument(db: Db, documentId: number): Promise<ReaderDocumentRow | null> {
  let query = preparedDocumentQueries.get(db);
  if (!query) {
    query = prepareDocumentQuery(db);
    preparedDocumentQueries.set(db, query);
  }
  const [row] = await query.execute({ id: documentId });
  return row ?? null;
}

/** The live document of a portal with this slug. */
export async function findReaderDocumentBySlug(db: Db, portalId: number, slug: string): Promise<ReaderDocumentRow | null> {
  const [row] = await documentQuery(
    db,
    and(eq(guidelineDocuments.portalId, portalId), eq(guidelineDocuments.slug, slug), isNull(guidelineDocuments.deletedAt)),
  );
  return row ?? null;
}

/** Whether an account has a feature flag (the reader's rollout languages need I18N_ROLLOUT). */
export async function accountHasFlag(db: Db, accountId: number, flag: string): Promise<boolean> {
  const [row] = await db.select({ flags: accounts.featureFlags }).from(accounts).where(eq(accounts.id, accountId));
  return row?.flags.includes(flag) ?? false;
}

export interface HubDocumentRow {
  id: number;
  accountId: number;
  title: string;
  slug: string;
  published: boolean;
  modifiedAt: Date;
}

/** The live documents of a portal, in the portal's order. */
export function hubDocuments(db: Db, portalId: number): Promise<HubDocumentRow[]> {
  return db
    .select({
      id: guidelineDocuments.projectId,
      accountId: guidelineDocuments.accountId,
      title: projects.name,
      slug: guidelineDocuments.slug,
      published: guidelineDocuments.published,
      modifiedAt: guidelineDocuments.modifiedAt,
    })
    .from(guidelineDocuments)
    .innerJoin(projects, eq(projects.id, guidelineDocuments.projectId))
    .where(and(eq(guidelineDocuments.portalId, portalId), isNull(guidelineDocuments.deletedAt)))
    .orderBy(asc(guidelineDocuments.position), asc(guidelineDocuments.projectId));
}

export type SectionRow = typeof guidelineSections.$inferSelect;
export type BlockRow = typeof guidelineBlocks.$inferSelect;

/** The live sections of a page in order, and their live blocks by column and position. */
export async function pageContent(db: Db, pageId: number): Promise<{ sections: SectionRow[]; blocks: BlockRow[] }> {
  const sections = await db
    .select()
    .from(guidelineSections)
    .where(and(eq(guidelineSections.pageId, pageId), isNull(guidelineSections.deletedAt)))
    .orderBy(asc(guidelineSections.position), asc(guidelineSections.id));
  if (sections.length === 0) return { sections, blocks: [] };
  const blocks = await db
    .select()
    .from(guidelineBlocks)
    .where(
      and(
        inArray(
          guidelineBlocks.sectionId,
          sections.map((s) => s.id),
        ),
        isNull(guidelineBlocks.deletedAt),
      ),
    )
    .orderBy(asc(guidelineBlocks.sectionId), asc(guidelineBlocks.column), asc(guidelineBlocks.position), asc(guidelineBlocks.id));
  return { sections, blocks };
}

export interface HeadingRow {
  id: number;
  pageId: number;
  sectionId: number | null;
  title: string;
  slug: string;
}

/** The live headings of the given pages, in order. A heading whose section was deleted points nowhere (null). */
export async function pageHeadings(db: Db, pageIds: number[]): Promise<HeadingRow[]> {
  if (pageIds.length === 0) return [];
  return db
    .select({
      id: guidelineHeadings.id,
      pageId: guidelineHeadings.pageId,
      sectionId: sql<number | null>`case when ${guidelineSections.id} is not null then ${guidelineHeadings.sectionId} end`,
      title: guidelineHeadings.title,
      slug: guidelineHeadings.slug,
    })
    .from(guidelineHeadings)
    .leftJoin(guidelineSections, and(eq(guidelineSections.id, guidelineHeadings.sectionId), isNull(guidelineSections.deletedAt)))
    .where(and(inArray(guidelineHeadings.pageId, pageIds), isNull(guidelineHeadings.deletedAt)))
    .orderBy(asc(guidelineHeadings.pageId), asc(guidelineHeadings.position), asc(guidelineHeadings.id));
}

/** An asset as the reader shows it: its current revision and file (none for links and unprocessed uploads). */
export interface ReaderAssetRow {
  id: number;
  projectId: number;
  setId: number | null;
  title: string;
  alternativeText: string;
  objectType: string;
  token: string;
  expiresAt: Date | null;
  revisionId: number | null;
  revisionKind: string | null;
  revisionStatus: string | null;
  hasPreview: boolean;
  metadata: Record<string, unknown> | null;
  previewBackgroundColor: string | null;
  extension: string | null;
  size: number | null;
  mimeType: string | null;
}

const assetColumns = {
  id: assets.id,
  projectId: assets.projectId,
  setId: assets.setId,
  title: assets.title,
  alternativeText: assets.alternativeText,
  objectType: assets.objectType,
  token: assets.token,
  expiresAt: assets.expiresAt,
  revisionId: assetRevisions.id,
  revisionKind: assetRevisions.kind,
  revisionStatus: assetRevisions.status,
  hasPreview: sql<boolean>`(${assetRevisions.previewKey} is not null)`,
  metadata: assetRevisions.metadata,
  previewBackgroundColor: assetRevisions.previewBackgroundColor,
  extension: files.extension,
  size: files.size,
  mimeType: files.mimeType,
};

/** Live and not expired: an asset in the trash or past its expiry date is no longer shown to readers. */
const notExpired = and(isNull(assets.deletedAt), or(isNull(assets.expiresAt), gt(assets.expiresAt, sql`now()`)));

function assetQuery(db: Db) {
  return db
    .select(assetColumns)
    .from(assets)
    .leftJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
    .leftJoin(files, eq(files.id, assetRevisions.fileId));
}

/** The account's unexpired assets among `ids` (ids of another account are left out). */
export async function readerAssets(db: Db, accountId: number, ids: number[]): Promise<ReaderAssetRow[]> {
  if (ids.length === 0) return [];
  return assetQuery(db).where(and(inArray(assets.id, ids), eq(assets.accountId, accountId), notExpired));
}

/** The unexpired assets of one folder of the account (not its sub-folders), in the folder's order. */
export function folderAssets(db: Db, accountId: number, folderId: number, limit: number): Promise<ReaderAssetRow[]> {
  return assetQuery(db)
    .where(and(eq(assets.setId, folderId), eq(assets.accountId, accountId), notExpired))
    .orderBy(asc(assets.position), asc(assets.id))
    .limit(limit);
}

/** A library's unexpired assets (all folders), optionally those whose title contains `search`, in library order. */
export function libraryAssets(
  db: Db,
  accountId: number,
  projectId: number,
  opts: { search?: string; limit: number },
): Promise<ReaderAssetRow[]> {
  const search = opts.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return assetQuery(db)
    .where(
      and(eq(assets.projectId, projectId), eq(assets.accountId, accountId), notExpired, pattern ? ilike(assets.title, pattern) : undefined),
    )
    .orderBy(asc(assets.setId), asc(assets.position), asc(assets.id))
    .limit(opts.limit);
}

/** A library project of the account: its name and type (null for another account's or a missing one). */
export async function readerLibrary(db: Db, accountId: number, projectId: number) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name, projectType: projects.projectType })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** Where a block sits and whether each level above it is live and shown: the public download routes' check. */
export interface BlockPlacementRow {
  block: BlockRow;
  sectionDeleted: boolean;
  pageId: number;
  pageHidden: boolean;
  pageDeleted: boolean;
  document: { id: number; accountId: number; published: boolean; deleted: boolean };
  portal: ReaderPortalRow;
}

export async function findBlockPlacement(db: Db, blockId: number): Promise<BlockPlacementRow | null> {
  const [row] = await db
    .select({
      block: guidelineBlocks,
      sectionDeleted: sql<boolean>`(${guidelineSections.deletedAt} is not null)`,
      pageId: guidelinePages.id,
      pageHidden: guidelinePages.hidden,
      pageDeleted: sql<boolean>`(${guidelinePages.deletedAt} is not null)`,
      document: {
        id: guidelineDocuments.projectId,
        accountId: guidelineDocuments.accountId,
        published: guidelineDocuments.published,
        deleted: sql<boolean>`(${guidelineDocuments.deletedAt} is not null)`,
      },
      portal: portals,
    })
    .from(guidelineBlocks)
    .innerJoin(guidelineSections, eq(guidelineSections.id, guidelineBlocks.sectionId))
    .innerJoin(guidelinePages, eq(guidelinePages.id, guidelineSections.pageId))
    .innerJoin(guidelineDocuments, eq(guidelineDocuments.projectId, guidelinePages.documentId))
    .innerJoin(portals, eq(portals.id, guidelineDocuments.portalId))
    .where(eq(guidelineBlocks.id, blockId))
    .limit(1);
  return row ?? null;
}

/** What a block's settings name, as stored beside it on every save. */
export function blockRefs(db: Db, blockId: number): Promise<{ kind: string; targetId: number }[]> {
  return db
    .select({ kind: guidelineBlockRefs.kind, targetId: guidelineBlockRefs.targetId })
    .from(guidelineBlockRefs)
    .where(eq(guidelineBlockRefs.blockId, blockId));
}
