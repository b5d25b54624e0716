import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, collectionAssets, collections, projects } from '../../db/schema.js';

/* SQL of collections and the assets in them; plain rows. */

export type CollectionRow = typeof collections.$inferSelect;

export async function findCollection(db: Db, id: number): Promise<CollectionRow | null> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id)).limit(1);
  return row ?? null;
}

/** The collections of some projects, in their projects' order of `projectIds`' callers (position, then name). */
export function collectionsOfProjects(db: Db, projectIds: number[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select({ collection: collections, brandId: projects.brandId })
    .from(collections)
    .innerJoin(projects, eq(projects.id, collections.projectId))
    .where(inArray(collections.projectId, projectIds))
    .orderBy(asc(collections.position), asc(sql`lower(${collections.name})`), asc(collections.id));
}

export async function brandOfProject(db: Db, projectId: number): Promise<number> {
  const [row] = await db.select({ brandId: projects.brandId }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return row?.brandId ?? 0;
}

/** Live assets of the collection whose projects are in `projectIds` (those the caller may see). */
const visibleMember = (projectIds: number[]) =>
  and(isNull(assets.deletedAt), projectIds.length > 0 ? inArray(assets.projectId, projectIds) : sql`false`);

/**
 * For each collection: how many of its assets the caller sees, and the first `covers` of them in order (one
 * query for all collections, ranked by a window function).
 */
export async function collectionStats(db: Db, collectionIds: number[], projectIds: number[], covers = 4) {
  if (collectionIds.length === 0) return new Map<number, { count: number; coverIds: number[] }>();
  const ranked = db
    .select({
      collectionId: collectionAssets.collectionId,
      assetId: collectionAssets.assetId,
      rank: sql<number>`row_number() over (partition by ${collectionAssets.collectionId} order by ${collectionAssets.position}, ${collectionAssets.assetId})`.as(
        'rank',
      ),
      total: sql<number>`count(*) over (partition by ${collectionAssets.collectionId})`.as('total'),
    })
    .from(collectionAssets)
    .innerJoin(assets, eq(assets.id, collectionAssets.assetId))
    .where(and(inArray(collectionAssets.collectionId, collectionIds), visibleMember(projectIds)))
    .as('ranked');
  const rows = await db
    .select({ collectionId: ranked.collectionId, assetId: ranked.assetId, total: ranked.total })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${covers}`)
    .orderBy(asc(ranked.collectionId), asc(ranked.rank));
  const stats = new Map<number, { count: number; coverIds: number[] }>();
  for (const r of rows) {
    const s = stats.get(r.collectionId) ?? { count: Number(r.total), coverIds: [] };
    s.coverIds.push(r.assetId);
    stats.set(r.collectionId, s);
  }
  return stats;
}

/** One page of the visible assets of a collection in order, after the cursor (position, asset id). */
export function collectionAssetPage(
  db: Db,
  collectionId: number,
  projectIds: number[],
  after: { position: number; assetId: number } | null,
  limit: number,
) {
  return db
    .select({ assetId: collectionAssets.assetId, position: collectionAssets.position })
    .from(collectionAssets)
    .innerJoin(assets, eq(assets.id, collectionAssets.assetId))
    .where(
      and(
        eq(collectionAssets.collectionId, collectionId),
        visibleMember(projectIds),
        after ? sql`(${collectionAssets.position}, ${collectionAssets.assetId}) > (${after.position}, ${after.assetId})` : undefined,
      ),
    )
    .orderBy(asc(collectionAssets.position), asc(collectionAssets.assetId))
    .limit(limit + 1);
}

/** Every asset id of the collection in order (also those the caller cannot see: reordering keeps their places). */
export async function memberIds(db: Db, collectionId: number): Promise<number[]> {
  const rows = await db
    .select({ assetId: collectionAssets.assetId })
    .from(collectionAssets)
    .where(eq(collectionAssets.collectionId, collectionId))
    .orderBy(asc(collectionAssets.position), asc(collectionAssets.assetId));
  return rows.map((r) => r.assetId);
}

/** The brand of each of some assets' projects, for assets that are live. */
export function liveAssetBrands(db: Db, assetIds: number[]) {
  return db
    .select({ id: assets.id, projectId: assets.projectId, brandId: projects.brandId })
    .from(assets)
    .innerJoin(projects, eq(projects.id, assets.projectId))
    .where(and(inArray(assets.id, assetIds), isNull(assets.deletedAt)));
}

export async function insertCollection(db: Db, values: typeof collections.$inferInsert): Promise<CollectionRow> {
  const [row] = await db.insert(collections).values(values).returning();
  return row!;
}

export async function updateCollection(
  db: Db,
  id: number,
  values: Partial<Pick<CollectionRow, 'name' | 'description' | 'position'>>,
): Promise<CollectionRow> {
  const [row] = await db
    .update(collections)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(collections.id, id))
    .returning();
  return row!;
}

export async function deleteCollection(db: Db, id: number): Promise<void> {
  await db.delete(collections).where(eq(collections.id, id));
}

/** Ids of the collections of a project in order (for moving one). */
export async function collectionIdsOfProject(db: Db, projectId: number): Promise<number[]> {
  const rows = await db
    .select({ id: collections.id })
    .from(collections)
    .where(eq(collections.projectId, projectId))
    .orderBy(asc(collections.position), asc(sql`lower(${collections.name})`), asc(collections.id));
  return rows.map((r) => r.id);
}

export async function writeCollectionPositions(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id} then ${i}`),
    sql` `,
  );
  await db
    .update(collections)
    .set({ position: sql`(case ${collections.id} ${cases} end)::double precision` })
    .where(inArray(collections.id, ids));
}

/**
 * Makes the collection's order `ordered` (all its asset ids, new ones included): inserts the new ones, and gives
 * every row the position of its index.
 */
export async function writeMembers(db: Db, collectionId: number, ordered: number[], added: Set<number>, userId: number) {
  const fresh = ordered.map((assetId, position) => ({ assetId, position })).filter((m) => added.has(m.assetId));
  if (fresh.length > 0)
    await db
      .insert(collectionAssets)
      .values(fresh.map((m) => ({ collectionId, assetId: m.assetId, position: m.position, addedBy: userId })));
  if (ordered.length === 0) return;
  const cases = sql.join(
    ordered.map((id, i) => sql`when ${id} then ${i}`),
    sql` `,
  );
  await db
    .update(collectionAssets)
    .set({ position: sql`(case ${collectionAssets.assetId} ${cases} end)::double precision` })
    .where(eq(collectionAssets.collectionId, collectionId));
}

export async function removeMembers(db: Db, collectionId: number, assetIds: number[]): Promise<number> {
  const rows = await db
    .delete(collectionAssets)
    .where(and(eq(collectionAssets.collectionId, collectionId), inArray(collectionAssets.assetId, assetIds)))
    .returning({ assetId: collectionAssets.assetId });
  return rows.length;
}

export async function touchCollection(db: Db, id: number): Promise<void> {
  await db.update(collections).set({ modifiedAt: sql`now()` }).where(eq(collections.id, id));
}
