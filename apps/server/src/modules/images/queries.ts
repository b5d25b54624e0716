import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, settingImages } from '../../db/schema.js';

export type SettingImageRow = typeof settingImages.$inferSelect;

export async function insertSettingImage(db: Db, values: typeof settingImages.$inferInsert): Promise<SettingImageRow> {
  const [row] = await db.insert(settingImages).values(values).returning();
  if (!row) throw new Error('insert setting_images returned nothing');
  return row;
}

export async function findSettingImageByToken(db: Db, token: string): Promise<SettingImageRow | null> {
  const [row] = await db.select().from(settingImages).where(eq(settingImages.token, token)).limit(1);
  return row ?? null;
}

/** An uploaded file of the account, with what rendering needs. */
export async function findAccountFile(db: Db, accountId: number, fileId: number) {
  const [row] = await db
    .select({ id: files.id, storageKey: files.storageKey, extension: files.extension, mimeType: files.mimeType })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.accountId, accountId)))
    .limit(1);
  return row ?? null;
}
