import type { AssetExpiryFilter, AssetSort, AssetSubmittedFilter, SortOrder } from '@emblem/core';
import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetAttachments, assetRevisions, assets, files, projects, users, workflowStatuses } from '../../db/schema.js';
import { expiryCondition } from './expiry-queries.js';

export type AssetRow = typeof assets.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type AttachmentRow = typeof assetAttachments.$inferSelect;

/** Live assets only: everything but the trash (queries over assets filter with it, decision 0025). */
export const liveAsset = isNull(assets.deletedAt);

/** A live asset (one in the trash is not found). */
export async function findAsset(db: Db, id: number): Promise<AssetRow | null> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.id, id), liveAsset))
    .limit(1);
  return row ?? null;
}

/** Live assets among `ids`. */
export async function findAssets(db: Db, ids: number[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(assets)
    .where(and(inArray(assets.id, ids), liveAsset));
}

export async function findFile(db: Db, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

export async function insertAsset(db: Db, values: typeof assets.$inferInsert) {
  const [row] = await db.insert(assets).values(values).returning();
  if (!row) throw new Error('asset insert returned nothing');
  return row;
}

export async function insertRevision(db: Db, values: typeof assetRevisions.$inferInsert) {
  const [row] = await db.insert(assetRevisions).values(values).returning();
  if (!row) throw new Error('revision insert returned nothing');
  return row;
}

export async function nextRevisionNumber(db: Db, assetId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${assetRevisions.number}), 0)::int + 1` })
    .from(assetRevisions)
    .where(eq(assetRevisions.assetId, assetId));
  return row?.n ?? 1;
}

export async function updateAsset(db: Db, id: number, values: Partial<typeof assets.$inferInsert>) {
  const [row] = await db
    .update(assets)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(assets.id, id))
    .returning();
  return row ?? null;
}

/** Moves live assets to the trash on their own (not with a folder). */
export async function trashAssets(db: Db, ids: number[], userId: number, at: Date) {
  if (ids.length === 0) return;
  await db
    .update(assets)
    .set({ deletedAt: at, deletedBy: userId, trashedWith: null })
    .where(and(inArray(assets.id, ids), liveAsset));
}

/** The live assets of one folder (null = the library's top level). */
const folderOf = (projectId: number, setId: number | null) =>
  and(eq(assets.projectId, projectId), setId === null ? isNull(assets.setId) : eq(assets.setId, setId), liveAsset);

/** The next position at the end of a folder. */
export async function endPosition(db: Db, projectId: number, setId: number | null) {
  const [row] = await db
    .select({ p: sql<number>`coalesce(max(${assets.position}), 0) + 1` })
    .from(assets)
    .where(folderOf(projectId, setId));
  return Number(row?.p ?? 1);
}

/** The last position in a folder, without one asset. */
export async function lastPosition(db: Db, projectId: number, setId: number | null, exceptId: number) {
  const [row] = await db
    .select({ position: assets.position })
    .from(assets)
    .where(and(folderOf(projectId, setId), sql`${assets.id} <> ${exceptId}`))
    .orderBy(desc(assets.position), desc(assets.id))
    .limit(1);
  return row?.position ?? null;
}

/** Positions of a folder's assets in order, without one asset: to compute a position between two neighbours. */
export async function positionsAround(db: Db, projectId: number, setId: number | null, exceptId: number, index: number) {
  return db
    .select({ position: assets.position })
    .from(assets)
    .where(and(folderOf(projectId, setId), sql`${assets.id} <> ${exceptId}`))
    .orderBy(asc(assets.position), asc(assets.id))
    .offset(Math.max(0, index - 1))
    .limit(index === 0 ? 1 : 2);
}

/**
 * What the presenter needs for each asset, and nothing more (decision 0054: a 100-asset page maps every column it
 * selects, so the columns the answer never shows are left in the database): the asset's own columns the answer and
 * the rights, levels and metadata lookups read, and its current revision (never the text extracted for search, which
 * can be long), file, creator, project and workflow status.
 */
const assetDetailColumns = {
  asset: {
    id: assets.id,
    projectId: assets.projectId,
    setId: assets.setId,
    objectType: assets.objectType,
    title: assets.title,
    description: assets.description,
    alternativeText: assets.alternativeText,
    externalUrl: assets.externalUrl,
    status: assets.status,
    position: assets.position,
    token: assets.token,
    author: assets.author,
    copyrightStatus: assets.copyrightStatus,
    copyrightNotice: assets.copyrightNotice,
    expiresAt: assets.expiresAt,
    downloadConsentRequired: assets.downloadConsentRequired,
    submissionStatus: assets.submissionStatus,
    submissionRequestId: assets.submissionRequestId,
    submittedByName: assets.submittedByName,
    submittedByEmail: assets.submittedByEmail,
    submittedLate: assets.submittedLate,
    createdBy: assets.createdBy,
    createdAt: assets.createdAt,
    modifiedAt: assets.modifiedAt,
  },
  revision: {
    id: assetRevisions.id,
    number: assetRevisions.number,
    status: assetRevisions.status,
    metadata: assetRevisions.metadata,
    previewKey: assetRevisions.previewKey,
    previewBackgroundColor: assetRevisions.previewBackgroundColor,
    processingError: assetRevisions.processingError,
  },
  file: { extension: files.extension, size: files.size, originalName: files.originalName },
  creatorName: users.name,
  projectName: projects.name,
  projectType: projects.projectType,
  workflowStatus: {
    id: workflowStatuses.id,
    name: workflowStatuses.name,
    color: workflowStatuses.color,
    trigger: workflowStatuses.trigger,
  },
};

/** The asset columns an answer shows (assetDetailColumns.asset). */
export type DetailAssetRow = Pick<AssetRow, keyof typeof assetDetailColumns.asset>;

export type AssetDetail = {
  asset: DetailAssetRow;
  revision: Pick<typeof assetRevisions.$inferSelect, keyof typeof assetDetailColumns.revision> | null;
  file: Pick<FileRow, keyof typeof assetDetailColumns.file> | null;
  creatorName: string | null;
  projectName: string;
  projectType: string;
  /** The workspace asset's status (decision 0045); null for none and in libraries. */
  workflowStatus: { id: number; name: string; color: string; trigger: string | null } | null;
};

/** The detail columns, and a listing's sort value and total (null elsewhere). */
function detailQuery(db: Db, sortValue: SQL = sql`null`, total: SQL = sql`null`) {
  return db
    .select({ ...assetDetailColumns, sortValue: sql<number | string | null>`${sortValue}`, total: sql<number | null>`${total}` })
    .from(assets)
    .innerJoin(projects, eq(projects.id, assets.projectId))
    .leftJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
    .leftJoin(files, eq(files.id, assetRevisions.fileId))
    .leftJoin(users, eq(users.id, assets.createdBy))
    .leftJoin(workflowStatuses, eq(workflowStatuses.id, assets.workflowStatusId));
}

export async function findDetails(db: Db, ids: number[]): Promise<AssetDetail[]> {
  if (ids.length === 0) return [];
  return detailQuery(db).where(and(inArray(assets.id, ids), liveAsset));
}

export type SortKey = AssetSort;
/**
 * The last row of a page: its sort, direction, sort value (as the database computed it, so it compares exactly as
 * the ORDER BY does; `created` sorts by id alone and has none) and id.
 */
export type Cursor = { sort: SortKey; order: SortOrder; value: number | string | null; id: number };

/**
 * Each sort's value, never null so that row comparisons hold: titles and extensions ignoring case, sizes and pixel
 * counts (width × height of the current revision) with -1 for none, modification times in microseconds. Numbers
 * are float8, which both drivers read as JavaScript numbers that round-trip exactly.
 */
function sortValue(sort: Exclude<SortKey, 'created'>): SQL {
  switch (sort) {
    case 'title':
      return sql`lower(${assets.title})`;
    case 'type':
      return sql`lower(coalesce(${files.extension}, ''))`;
    case 'size':
      return sql`coalesce(${files.size}, -1)::float8`;
    case 'dimensions':
      return sql`coalesce((${assetRevisions.metadata}->>'width')::float8 * (${assetRevisions.metadata}->>'height')::float8, -1)`;
    case 'modified':
      return sql`(extract(epoch from ${assets.modifiedAt}) * 1000000)::float8`;
    default:
      return sql`${assets.position}`;
  }
}

/** A listing's rows: the live assets of one folder, with its expiry and submitted filters. */
type FolderListing = {
  projectId: number;
  setId: number | null;
  expiry?: AssetExpiryFilter;
  submitted?: AssetSubmittedFilter;
};
const listed = (l: FolderListing) => and(folderOf(l.projectId, l.setId), expiryCondition(l.expiry), submittedCondition(l.submitted));

/**
 * One page of a folder, in a stable order with a keyset cursor (the last row's sort value and id); ties are broken
 * by id in the same direction. `sortValue` is the value to put in the next cursor; `total` counts the whole listing
 * (without the cursor), in the same statement: an uncorrelated subquery, which PostgreSQL computes once.
 */
export async function listFolderPage(
  db: Db,
  opts: FolderListing & { sort: SortKey; order: SortOrder; cursor: Cursor | null; limit: number },
) {
  const { sort, order, cursor } = opts;
  const dir = order === 'asc' ? asc : desc;
  const cmp = order === 'asc' ? sql.raw('>') : sql.raw('<');
  // Ids grow with creation, and unlike timestamps they never tie.
  const key = sort === 'created' ? null : sortValue(sort);
  let after: SQL | undefined;
  if (cursor && key) after = sql`(${key}, ${assets.id}) ${cmp} (${cursor.value}, ${cursor.id})`;
  else if (cursor) after = sql`${assets.id} ${cmp} ${cursor.id}`;
  const total = db.select({ n: sql`count(*)::int` }).from(assets).where(listed(opts));
  return detailQuery(db, key ?? undefined, sql<number>`(${total})`)
    .where(and(listed(opts), after))
    .orderBy(...(key ? [dir(key), dir(assets.id)] : [dir(assets.id)]))
    .limit(opts.limit + 1);
}

/**
 * A listing's "Submitted" filter (decision 0035): only the assets sent through a submission request and waiting for
 * an editor, or all but those (never submitted, or accepted); none without a filter.
 */
export function submittedCondition(filter: AssetSubmittedFilter | undefined): SQL | undefined {
  if (filter === 'only') return eq(assets.submissionStatus, 'SUBMITTED');
  if (filter === 'exclude') return or(isNull(assets.submissionStatus), ne(assets.submissionStatus, 'SUBMITTED'));
  return undefined;
}

/** How many assets a listing has (for a page past its end, which has no row to carry the total). */
export async function countFolder(db: Db, listing: FolderListing) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(assets).where(listed(listing));
  return row?.n ?? 0;
}

/** The ids before and after an asset in its folder's position order. */
export async function neighbours(db: Db, a: AssetRow) {
  const [prev] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(folderOf(a.projectId, a.setId), sql`(${assets.position}, ${assets.id}) < (${a.position}, ${a.id})`))
    .orderBy(desc(assets.position), desc(assets.id))
    .limit(1);
  const [next] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(folderOf(a.projectId, a.setId), sql`(${assets.position}, ${assets.id}) > (${a.position}, ${a.id})`))
    .orderBy(asc(assets.position), asc(assets.id))
    .limit(1);
  return { previous: prev?.id ?? null, next: next?.id ?? null };
}

export async function listRevisions(db: Db, assetId: number) {
  return db
    .select({ revision: assetRevisions, file: files, creatorName: users.name })
    .from(assetRevisions)
    .innerJoin(files, eq(files.id, assetRevisions.fileId))
    .leftJoin(users, eq(users.id, assetRevisions.createdBy))
    .where(eq(assetRevisions.assetId, assetId))
    .orderBy(desc(assetRevisions.number));
}

export async function revisionsOf(db: Db, assetIds: number[]) {
  if (assetIds.length === 0) return [];
  return db.select().from(assetRevisions).where(inArray(assetRevisions.assetId, assetIds)).orderBy(asc(assetRevisions.number));
}

export async function assetsInSets(db: Db, setIds: number[]) {
  if (setIds.length === 0) return [];
  return db
    .select()
    .from(assets)
    .where(and(inArray(assets.setId, setIds), liveAsset));
}

export async function findAttachment(db: Db, id: number) {
  const [row] = await db
    .select({ attachment: assetAttachments, file: files })
    .from(assetAttachments)
    .innerJoin(files, eq(files.id, assetAttachments.fileId))
    .where(eq(assetAttachments.id, id))
    .limit(1);
  return row ?? null;
}

export async function listAttachments(db: Db, assetId: number) {
  return db
    .select({ attachment: assetAttachments, file: files })
    .from(assetAttachments)
    .innerJoin(files, eq(files.id, assetAttachments.fileId))
    .where(eq(assetAttachments.assetId, assetId))
    .orderBy(asc(assetAttachments.id));
}

export async function insertAttachment(db: Db, values: typeof assetAttachments.$inferInsert) {
  const [row] = await db.insert(assetAttachments).values(values).returning();
  if (!row) throw new Error('attachment insert returned nothing');
  return row;
}

export async function updateAttachment(db: Db, id: number, title: string) {
  await db.update(assetAttachments).set({ title }).where(eq(assetAttachments.id, id));
}

export async function deleteAttachment(db: Db, id: number) {
  await db.delete(assetAttachments).where(eq(assetAttachments.id, id));
}

export async function attachmentsOf(db: Db, assetIds: number[]) {
  if (assetIds.length === 0) return [];
  return db.select().from(assetAttachments).where(inArray(assetAttachments.assetId, assetIds));
}
