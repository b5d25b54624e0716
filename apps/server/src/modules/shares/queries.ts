import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, sets, shareLinks, users } from '../../db/schema.js';

/* SQL of share links; plain rows. */

export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type ShareLinkWithCreator = { link: ShareLinkRow; creatorName: string | null };

export async function findShareLink(db: Db, id: number): Promise<ShareLinkRow | null> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, id)).limit(1);
  return row ?? null;
}

export async function findShareLinkByTokenHash(db: Db, tokenHash: string): Promise<ShareLinkRow | null> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function withCreator(db: Db, id: number): Promise<ShareLinkWithCreator | null> {
  const [row] = await db
    .select({ link: shareLinks, creatorName: users.name })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(eq(shareLinks.id, id))
    .limit(1);
  return row ?? null;
}

/** The links of a project, newest first, optionally only those of one asset, folder or collection. */
export function linksOfProject(db: Db, projectId: number, target: { assetId?: number; setId?: number; collectionId?: number }) {
  return db
    .select({ link: shareLinks, creatorName: users.name })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(
      and(
        eq(shareLinks.projectId, projectId),
        target.assetId === undefined ? undefined : sql`${target.assetId} = any(${shareLinks.assetIds})`,
        target.setId === undefined ? undefined : eq(shareLinks.setId, target.setId),
        target.collectionId === undefined ? undefined : eq(shareLinks.collectionId, target.collectionId),
      ),
    )
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
}

export async function insertShareLink(db: Db, values: typeof shareLinks.$inferInsert): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  return row!;
}

export async function updateShareLink(
  db: Db,
  id: number,
  values: Partial<Pick<ShareLinkRow, 'isEnabled' | 'passwordHash' | 'expiresAt' | 'download' | 'tokenHash'>>,
): Promise<void> {
  await db
    .update(shareLinks)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(shareLinks.id, id));
}

export async function deleteShareLink(db: Db, id: number): Promise<void> {
  await db.delete(shareLinks).where(eq(shareLinks.id, id));
}

export async function countOpen(db: Db, id: number): Promise<void> {
  await db
    .update(shareLinks)
    .set({ openCount: sql`${shareLinks.openCount} + 1`, lastOpenedAt: sql`now()` })
    .where(eq(shareLinks.id, id));
}

/** Whether what a link shares is still there: its folder live, at least one of its assets live (collections cascade). */
export async function targetIsLive(db: Db, link: ShareLinkRow): Promise<boolean> {
  if (link.setId !== null) {
    const [row] = await db
      .select({ id: sets.id })
      .from(sets)
      .where(and(eq(sets.id, link.setId), isNull(sets.deletedAt)))
      .limit(1);
    return Boolean(row);
  }
  if (link.type === 'asset') {
    if (link.assetIds.length === 0) return false;
    const [row] = await db
      .select({ id: assets.id })
      .from(assets)
      .where(and(inArray(assets.id, link.assetIds), isNull(assets.deletedAt)))
      .limit(1);
    return Boolean(row);
  }
  return link.collectionId !== null;
}
