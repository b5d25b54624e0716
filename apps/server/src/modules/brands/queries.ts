import { and, asc, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { assetRevisions, assets, brandFavourites, brands, files } from '../../db/schema.js';

const columns = (userId: number | Placeholder) => ({
  id: brands.id,
  accountId: brands.accountId,
  name: brands.name,
  slug: brands.slug,
  avatar: brands.avatar,
  createdAt: brands.createdAt,
  isFavourite: sql<boolean>`exists (select 1 from ${brandFavourites} f where f.brand_id = "brands"."id" and f.user_id = ${userId})`,
});

export type BrandRow = {
  id: number;
  accountId: number;
  name: string;
  slug: string;
  avatar: string | null;
  createdAt: Date;
  isFavourite: boolean;
};

const listBrandsStatement = preparedPer((db) => {
  const cols = columns(sql.placeholder('userId'));
  return db
    .select(cols)
    .from(brands)
    .where(eq(brands.accountId, sql.placeholder('accountId')))
    .orderBy(desc(cols.isFavourite), asc(sql`lower(${brands.name})`), asc(brands.id))
    .prepare('brands_list');
});

/** Brands of an account, favourites of the user first, then by name (every GET /api/brand: a prepared statement). */
export async function listBrands(db: Db, accountId: number, userId: number): Promise<BrandRow[]> {
  return listBrandsStatement(db).execute({ accountId, userId });
}

export async function findBrand(db: Db, id: number, userId: number): Promise<BrandRow | null> {
  const [row] = await db.select(columns(userId)).from(brands).where(eq(brands.id, id)).limit(1);
  return row ?? null;
}

export async function slugTaken(db: Db, accountId: number, slug: string, exceptId?: number) {
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.accountId, accountId), eq(brands.slug, slug)))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}

export async function insertBrand(db: Db, values: { accountId: number; name: string; slug: string; createdBy: number }) {
  const [row] = await db.insert(brands).values(values).returning({ id: brands.id });
  if (!row) throw new Error('brand insert returned nothing');
  return row;
}

export async function updateBrand(db: Db, id: number, values: { name?: string; slug?: string; avatar?: string | null }) {
  await db.update(brands).set(values).where(eq(brands.id, id));
}

export async function deleteBrand(db: Db, id: number) {
  await db.delete(brands).where(eq(brands.id, id));
}

export async function addFavourite(db: Db, userId: number, brandId: number) {
  await db.insert(brandFavourites).values({ userId, brandId }).onConflictDoNothing();
}

export async function removeFavourite(db: Db, userId: number, brandId: number) {
  await db.delete(brandFavourites).where(and(eq(brandFavourites.userId, userId), eq(brandFavourites.brandId, brandId)));
}

/** An asset as the brand home needs it: enough for a thumbnail and a link. */
export interface HomeAssetRow {
  id: number;
  projectId: number;
  title: string;
  token: string;
  createdAt: Date;
  revisionId: number | null;
  revisionStatus: string | null;
  previewKey: string | null;
  previewBackgroundColor: string | null;
  metadata: Record<string, unknown> | null;
  extension: string | null;
}

const homeAssetColumns = {
  id: assets.id,
  projectId: assets.projectId,
  title: assets.title,
  token: assets.token,
  createdAt: assets.createdAt,
  // Aliased: the covers' subquery would otherwise have two columns named "id".
  revisionId: sql<number | null>`${assetRevisions.id}`.as('revision_id'),
  revisionStatus: assetRevisions.status,
  previewKey: assetRevisions.previewKey,
  previewBackgroundColor: assetRevisions.previewBackgroundColor,
  metadata: assetRevisions.metadata,
  extension: files.extension,
};

/**
 * The covers of many projects in one query: for each project, the first `perProject` live assets that have a
 * preview, in the order the library shows them (its top level first, by position), numbered by a window function.
 */
export async function projectCovers(db: Db, projectIds: readonly number[], perProject: number): Promise<HomeAssetRow[]> {
  if (projectIds.length === 0) return [];
  const rank = sql<number>`row_number() over (partition by ${assets.projectId} order by (${assets.setId} is not null), ${assets.position}, ${assets.id})`;
  const ranked = db
    .select({ ...homeAssetColumns, rank: rank.as('rank') })
    .from(assets)
    .innerJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
    .innerJoin(files, eq(files.id, assetRevisions.fileId))
    .where(
      and(
        inArray(assets.projectId, [...projectIds]),
        isNull(assets.deletedAt),
        eq(assetRevisions.status, 'FINISHED'),
        sql`${assetRevisions.previewKey} is not null`,
      ),
    )
    .as('ranked');
  const rows = await db.select().from(ranked).where(sql`${ranked.rank} <= ${perProject}`).orderBy(asc(ranked.projectId), asc(ranked.rank));
  return rows.map(({ rank: _rank, ...row }) => row);
}

/** The newest live assets of the given projects, newest first. */
export async function recentAssets(db: Db, projectIds: readonly number[], limit: number): Promise<HomeAssetRow[]> {
  if (projectIds.length === 0) return [];
  const live: SQL | undefined = and(inArray(assets.projectId, [...projectIds]), isNull(assets.deletedAt));
  return db
    .select(homeAssetColumns)
    .from(assets)
    .leftJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
    .leftJoin(files, eq(files.id, assetRevisions.fileId))
    .where(live)
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(limit);
}
