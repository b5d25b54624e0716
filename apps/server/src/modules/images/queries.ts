import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settingImages } from '../../db/schema.js';

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
