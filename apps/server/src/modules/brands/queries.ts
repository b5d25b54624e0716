import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brandFavourites, brands } from '../../db/schema.js';

const columns = (userId: number) => ({
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

/** Brands of an account, favourites of the user first, then by name. */
export async function listBrands(db: Db, accountId: number, userId: number): Promise<BrandRow[]> {
  const cols = columns(userId);
  return db
    .select(cols)
    .from(brands)
    .where(eq(brands.accountId, accountId))
    .orderBy(desc(cols.isFavourite), asc(sql`lower(${brands.name})`), asc(brands.id));
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
