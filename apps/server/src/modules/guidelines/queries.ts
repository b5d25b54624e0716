import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { portals } from '../../db/schema.js';

export type PortalRow = typeof portals.$inferSelect;

export async function findPortal(db: Db, id: number): Promise<PortalRow | null> {
  const [row] = await db.select().from(portals).where(eq(portals.id, id)).limit(1);
  return row ?? null;
}

export async function findPortalByToken(db: Db, token: string): Promise<PortalRow | null> {
  const [row] = await db.select().from(portals).where(eq(portals.token, token)).limit(1);
  return row ?? null;
}

/** Portals of the given ids, in the order of their brand and position. */
export function portalsByIds(db: Db, ids: number[]): Promise<PortalRow[]> {
  return db.select().from(portals).where(inArray(portals.id, ids)).orderBy(asc(portals.brandId), asc(portals.position), asc(portals.id));
}

/** Portals of the given brands, in the order of their brand and position. */
export function portalsOfBrands(db: Db, brandIds: number[]): Promise<PortalRow[]> {
  return db
    .select()
    .from(portals)
    .where(inArray(portals.brandId, brandIds))
    .orderBy(asc(portals.brandId), asc(portals.position), asc(portals.id));
}

/** A new portal after the brand's last one. */
export async function insertPortal(
  tx: Db,
  values: { accountId: number; brandId: number; title: string; blueprintName: string | null; token: string; createdBy: number },
): Promise<PortalRow> {
  const [row] = await tx
    .insert(portals)
    .values({
      ...values,
      position: sql`coalesce((select max(${portals.position}) + 1 from ${portals} where ${portals.brandId} = ${values.brandId}), 0)`,
    })
    .returning();
  return row!;
}

export async function updatePortal(
  tx: Db,
  id: number,
  values: Partial<Pick<PortalRow, 'title' | 'visibility' | 'i18nEnabled' | 'languages' | 'token' | 'coverSettings'>>,
): Promise<PortalRow> {
  const [row] = await tx
    .update(portals)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(portals.id, id))
    .returning();
  return row!;
}
