import { and, eq, gt, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, assetAttachments, assetRevisions, files, settingImages } from '../../db/schema.js';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Db, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('insert into files returned nothing');
  return row;
}

export async function findFile(db: Db, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/** An upload not yet used by anything, by the hash of its token, uploaded after `since`. */
export async function findUnusedUpload(db: Db, tokenHash: string, since: Date): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.uploadTokenHash, tokenHash), isNull(files.claimedAt), gt(files.createdAt, since)))
    .limit(1);
  return row ?? null;
}

/**
 * An upload its uploader already used for a setting image (avatar, key visual): the image setting keeps naming it
 * while its cropper is open, so cropping again renders from the upload rather than from the cropped image.
 */
export async function findUploadUsedForImages(db: Db, tokenHash: string, since: Date): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.uploadTokenHash, tokenHash),
        gt(files.createdAt, since),
        sql`${files.claimedAt} is not null`,
        sql`exists (select 1 from ${settingImages} si where si.file_id = ${files.id})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks an unused upload as used; null when it was used meanwhile. */
export async function claimUploadRow(tx: Db, id: number): Promise<FileRow | null> {
  const [row] = await tx
    .update(files)
    .set({ claimedAt: sql`now()` })
    .where(and(eq(files.id, id), isNull(files.claimedAt)))
    .returning();
  return row ?? null;
}

/** Gives an unused upload a new token (hash stored), e.g. when its uploader asks for a finished tus upload's file. */
export async function setUploadToken(db: Db, id: number, tokenHash: string): Promise<void> {
  await db
    .update(files)
    .set({ uploadTokenHash: tokenHash })
    .where(and(eq(files.id, id), isNull(files.claimedAt)));
}

export async function findFileByTusUpload(db: Db, uploadId: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.tusUploadId, uploadId));
  return row ?? null;
}

/** Bytes stored by the account (originals of every file row). */
export async function usedBytes(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.accountId, accountId));
  return Number(row?.total ?? 0);
}

/** The account's own storage limit in bytes: null means the server default. */
export async function accountStorageLimit(db: Db, accountId: number): Promise<number | null> {
  const [row] = await db.select({ limit: accounts.storageLimitBytes }).from(accounts).where(eq(accounts.id, accountId));
  return row?.limit ?? null;
}

/** The extensions an account blocks everywhere (account settings); a project adds its own. */
export async function accountBlockedExtensions(db: Db, accountId: number): Promise<string[]> {
  const [row] = await db.select({ blocked: accounts.blockedExtensions }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.blocked ?? [];
}

/** Serialises quota checks of one account until the end of the transaction. */
export async function lockAccountStorage(tx: Db, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727275, ${accountId})`);
}

/** Files older than `before` that no revision or attachment uses. */
export async function orphanFiles(db: Db, before: Date, limit: number): Promise<{ id: number; storageKey: string }[]> {
  return db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(
      and(
        lt(files.createdAt, before),
        notExists(db.select({ one: sql`1` }).from(assetRevisions).where(eq(assetRevisions.fileId, files.id))),
        notExists(db.select({ one: sql`1` }).from(assetAttachments).where(eq(assetAttachments.fileId, files.id))),
      ),
    )
    .limit(limit);
}

/** Deletes a file row unless something uses it (or started to meanwhile); its storage key when it was deleted. */
export async function deleteUnusedFile(db: Db, id: number): Promise<string | null> {
  const rows = await db
    .delete(files)
    .where(
      and(
        eq(files.id, id),
        notExists(db.select({ one: sql`1` }).from(assetRevisions).where(eq(assetRevisions.fileId, files.id))),
        notExists(db.select({ one: sql`1` }).from(assetAttachments).where(eq(assetAttachments.fileId, files.id))),
      ),
    )
    .returning({ storageKey: files.storageKey });
  return rows[0]?.storageKey ?? null;
}
