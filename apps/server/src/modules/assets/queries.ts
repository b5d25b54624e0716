import { and, asc, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetAttachments, assetRevisions, assets, files, projects, users } from '../../db/schema.js';

export type AssetRow = typeof assets.$inferSelect;
export type RevisionRow = typeof assetRevisions.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type AttachmentRow = typeof assetAttachments.$inferSelect;

export async function findAsset(db: Db, id: number): Promise<AssetRow | null> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id)).limit(1);
  return row ?? null;
}

export async function findAssets(db: Db, ids: number[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(assets).where(inArray(assets.id, ids));
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

export async function deleteAssets(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(assets).where(inArray(assets.id, ids));
}

/** The next position at the end of a folder. */
export async function endPosition(db: Db, projectId: number, setId: number | null) {
  const [row] = await db
    .select({ p: sql<number>`coalesce(max(${assets.position}), 0) + 1` })
    .from(assets)
    .where(and(eq(assets.projectId, projectId), setId === null ? isNull(assets.setId) : eq(assets.setId, setId)));
  return Number(row?.p ?? 1);
}

const folderOf = (projectId: number, setId: number | null) =>
  and(eq(assets.projectId, projectId), setId === null ? isNull(assets.setId) : eq(assets.setId, setId));

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

/** What the presenter needs for each asset: its current revision, file, creator and project. */
export const assetDetailColumns = {
  asset: assets,
  /** The title sort key, computed by the database so cursors compare exactly as the ORDER BY does. */
  titleKey: sql<string>`lower(${assets.title})`,
  revision: assetRevisions,
  file: files,
  creatorName: users.name,
  projectName: projects.name,
  projectType: projects.projectType,
};

export type AssetDetail = {
  asset: AssetRow;
  titleKey: string;
  revision: RevisionRow | null;
  file: FileRow | null;
  creatorName: string | null;
  projectName: string;
  projectType: string;
};

function detailQuery(db: Db) {
  return db
    .select(assetDetailColumns)
    .from(assets)
    .innerJoin(projects, eq(projects.id, assets.projectId))
    .leftJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
    .leftJoin(files, eq(files.id, assetRevisions.fileId))
    .leftJoin(users, eq(users.id, assets.createdBy));
}

export async function findDetails(db: Db, ids: number[]): Promise<AssetDetail[]> {
  if (ids.length === 0) return [];
  return detailQuery(db).where(inArray(assets.id, ids));
}

export type SortKey = 'position' | 'title' | 'created';
/** The last row of a page: its sort value (position or title key; created sorts by id alone) and id. */
export type Cursor =
  | { sort: 'position'; value: number; id: number }
  | { sort: 'title'; value: string; id: number }
  | { sort: 'created'; id: number };

/** One page of a folder, in a stable order with a keyset cursor (the last row's sort value and id). */
export async function listFolderPage(
  db: Db,
  opts: { projectId: number; setId: number | null; sort: SortKey; cursor: Cursor | null; limit: number },
) {
  const { sort, cursor } = opts;
  let after: SQL | undefined;
  let order: SQL[];
  if (sort === 'title') {
    const key = sql`lower(${assets.title})`;
    order = [asc(key), asc(assets.id)];
    // Row comparisons, so the folder's sort index gives the range (an OR of the two cases would not).
    if (cursor?.sort === 'title') after = sql`(${key}, ${assets.id}) > (${cursor.value}, ${cursor.id})`;
  } else if (sort === 'created') {
    // Ids grow with creation, and unlike timestamps they never tie.
    order = [desc(assets.id)];
    if (cursor) after = lt(assets.id, cursor.id);
  } else {
    order = [asc(assets.position), asc(assets.id)];
    if (cursor?.sort === 'position') after = sql`(${assets.position}, ${assets.id}) > (${cursor.value}, ${cursor.id})`;
  }
  return detailQuery(db)
    .where(and(folderOf(opts.projectId, opts.setId), after))
    .orderBy(...order)
    .limit(opts.limit + 1);
}

export async function countFolder(db: Db, projectId: number, setId: number | null) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(assets).where(folderOf(projectId, setId));
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
  return db.select().from(assets).where(inArray(assets.setId, setIds));
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
