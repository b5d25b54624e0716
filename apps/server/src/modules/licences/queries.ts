import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetLicences, assets, consentAcceptances, licences, users } from '../../db/schema.js';

/* SQL of licences, asset rights and consent acceptances; plain rows. */

export type LicenceRow = typeof licences.$inferSelect;
export type AcceptanceRow = typeof consentAcceptances.$inferSelect;

export async function findLicence(db: Db, id: number): Promise<LicenceRow | null> {
  const [row] = await db.select().from(licences).where(eq(licences.id, id)).limit(1);
  return row ?? null;
}

export async function findLicencesOfAccount(db: Db, accountId: number, ids: number[]): Promise<LicenceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(licences)
    .where(and(eq(licences.accountId, accountId), inArray(licences.id, ids)));
}

/** The account's licences by title, each with how many live assets carry it. */
export function listLicences(db: Db, accountId: number) {
  return db
    .select({
      licence: licences,
      assetCount: sql<number>`(select count(*)::int from ${assetLicences} al join ${assets} a on a.id = al.asset_id where al.licence_id = "licences"."id" and a.deleted_at is null)`,
    })
    .from(licences)
    .where(eq(licences.accountId, accountId))
    .orderBy(asc(sql`lower(${licences.title})`), asc(licences.id));
}

export async function assetCountOf(db: Db, licenceId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assetLicences)
    .innerJoin(assets, eq(assets.id, assetLicences.assetId))
    .where(and(eq(assetLicences.licenceId, licenceId), isNull(assets.deletedAt)));
  return row?.n ?? 0;
}

export async function insertLicence(db: Db, values: typeof licences.$inferInsert): Promise<LicenceRow> {
  const [row] = await db.insert(licences).values(values).returning();
  return row!;
}

export async function updateLicence(db: Db, id: number, values: Partial<Pick<LicenceRow, 'title' | 'text' | 'requireConsensus'>>) {
  const [row] = await db
    .update(licences)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(licences.id, id))
    .returning();
  return row!;
}

export async function deleteLicence(db: Db, id: number): Promise<void> {
  await db.delete(licences).where(eq(licences.id, id));
}

/** The licences of each asset, by title. */
export async function licencesOfAssets(db: Db, assetIds: number[]): Promise<{ assetId: number; licence: LicenceRow }[]> {
  if (assetIds.length === 0) return [];
  return db
    .select({ assetId: assetLicences.assetId, licence: licences })
    .from(assetLicences)
    .innerJoin(licences, eq(licences.id, assetLicences.licenceId))
    .where(inArray(assetLicences.assetId, assetIds))
    .orderBy(asc(sql`lower(${licences.title})`), asc(licences.id));
}

/** Replaces an asset's licences with `licenceIds`. */
export async function setAssetLicences(db: Db, assetId: number, licenceIds: number[]): Promise<void> {
  await db.delete(assetLicences).where(eq(assetLicences.assetId, assetId));
  if (licenceIds.length > 0) await db.insert(assetLicences).values(licenceIds.map((licenceId) => ({ assetId, licenceId })));
}

export async function updateCopyright(
  db: Db,
  assetId: number,
  values: Partial<{ copyrightStatus: string; copyrightNotice: string; downloadConsentRequired: boolean }>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(assets)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(assets.id, assetId));
}

/** Records acceptances; answers their ids. */
export async function insertAcceptances(db: Db, rows: (typeof consentAcceptances.$inferInsert)[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return (await db.insert(consentAcceptances).values(rows).returning({ id: consentAcceptances.id })).map((r) => r.id);
}

export async function acceptancesByIds(db: Db, accountId: number, ids: number[]): Promise<AcceptanceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(consentAcceptances)
    .where(and(eq(consentAcceptances.accountId, accountId), inArray(consentAcceptances.id, ids)));
}

/** The copyright columns of assets (trashed ones too: the caller decided which assets count). */
export function rightsOfAssets(db: Db, ids: number[]) {
  return db
    .select({
      id: assets.id,
      title: assets.title,
      status: assets.copyrightStatus,
      notice: assets.copyrightNotice,
      required: assets.downloadConsentRequired,
    })
    .from(assets)
    .where(inArray(assets.id, ids));
}

/** The account's acceptances, newest first, with the accepting user's name and e-mail, in pages of `limit` after `beforeId`. */
export function acceptancesPage(db: Db, accountId: number, beforeId: number | null, limit: number) {
  return db
    .select({ acceptance: consentAcceptances, userName: users.name, userEmail: users.email })
    .from(consentAcceptances)
    .leftJoin(users, eq(users.id, consentAcceptances.userId))
    .where(and(eq(consentAcceptances.accountId, accountId), beforeId === null ? undefined : sql`${consentAcceptances.id} < ${beforeId}`))
    .orderBy(desc(consentAcceptances.id))
    .limit(limit);
}

/** Live assets by id, with the fields that decide whether a guideline block shows them. */
export function liveAssetsByIds(db: Db, ids: number[]) {
  return db
    .select({
      id: assets.id,
      title: assets.title,
      accountId: assets.accountId,
      projectId: assets.projectId,
      setId: assets.setId,
      expiresAt: assets.expiresAt,
    })
    .from(assets)
    .where(and(inArray(assets.id, ids), isNull(assets.deletedAt)));
}
