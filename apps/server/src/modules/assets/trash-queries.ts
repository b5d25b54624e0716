import { LIBRARY_TRASH_DAYS } from '@emblem/core';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetRevisions, assets, files, sets, users } from '../../db/schema.js';

/* The SQL of a library's trash (trash.ts; decision 0025): what it holds, restoring and purging. */

export const TRASH_MS = LIBRARY_TRASH_DAYS * 86_400_000;
export const trashExpiry = (deletedAt: Date) => new Date(deletedAt.getTime() + TRASH_MS);

/** Assets deleted on their own (not with a folder) since `since`, newest first, with what the listing shows. */
export async function looseTrashedAssets(db: Db, projectId: number, since: Date) {
  return db
    .select({ asset: assets, revision: assetRevisions, file: files, deletedByName: users.name })
    .from(assets)
    .leftJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
    .leftJoin(files, eq(files.id, assetRevisions.fileId))
    .leftJoin(users, eq(users.id, assets.deletedBy))
    .where(and(eq(assets.projectId, projectId), isNotNull(assets.deletedAt), gt(assets.deletedAt, since), isNull(assets.trashedWith)))
    .orderBy(desc(assets.deletedAt), desc(assets.id));
}

/**
 * Folders deleted since `since` (each the root of what went with it), newest first, with the numbers of assets
 * and of sub-folders that went with it.
 */
export async function trashedFolderRoots(db: Db, projectId: number, since: Date) {
  return db
    .select({
      set: sets,
      deletedByName: users.name,
      assetCount: sql<number>`(select count(*)::int from ${assets} a where a.trashed_with = ${sets.id} and a.deleted_at is not null)`,
      folderCount: sql<number>`(select count(*)::int - 1 from ${sets} s2 where s2.trash_root_id = ${sets.id} and s2.deleted_at is not null)`,
    })
    .from(sets)
    .leftJoin(users, eq(users.id, sets.deletedBy))
    .where(and(eq(sets.projectId, projectId), isNotNull(sets.deletedAt), gt(sets.deletedAt, since), eq(sets.trashRootId, sets.id)))
    .orderBy(desc(sets.deletedAt), desc(sets.id));
}

export interface Lineage {
  id: number;
  parentId: number | null;
  name: string;
  live: boolean;
}

/** The given folders and all their ancestors, live or in the trash (to find the nearest live one and the path). */
export async function folderLineage(db: Db, ids: number[]): Promise<Map<number, Lineage>> {
  if (ids.length === 0) return new Map();
  const result = (await db.execute(sql`
    with recursive chain(id, parent_id, name, deleted_at) as (
      select ${sets.id}, ${sets.parentId}, ${sets.name}, ${sets.deletedAt} from ${sets} where ${inArray(sets.id, ids)}
      union
      select s.id, s.parent_id, s.name, s.deleted_at from ${sets} s join chain c on s.id = c.parent_id
    )
    select id, parent_id, name, deleted_at is null as live from chain`)) as unknown as {
    rows: { id: number; parent_id: number | null; name: string; live: boolean }[];
  };
  return new Map(
    result.rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name, live: r.live === true },
    ]),
  );
}

/** Assets by id whatever their state (live or in the trash). */
export async function assetsAnyState(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(assets).where(inArray(assets.id, ids));
}

/** Folders by id whatever their state. */
export async function setsAnyState(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(sets).where(inArray(sets.id, ids));
}

/** Brings an asset deleted on its own back into a live folder (or the top level) at `position`. */
export async function restoreAsset(db: Db, id: number, setId: number | null, position: number) {
  await db
    .update(assets)
    .set({ deletedAt: null, deletedBy: null, trashedWith: null, setId, position, modifiedAt: sql`now()` })
    .where(and(eq(assets.id, id), isNotNull(assets.deletedAt)));
}

/** Brings a deleted folder back under `parentId` with every folder and asset that went to the trash with it. */
export async function restoreFolderTree(db: Db, rootId: number, parentId: number | null) {
  await db
    .update(sets)
    .set({ deletedAt: null, deletedBy: null, trashRootId: null })
    .where(and(eq(sets.trashRootId, rootId), isNotNull(sets.deletedAt)));
  await db.update(sets).set({ parentId }).where(eq(sets.id, rootId));
  const rows = await db
    .update(assets)
    .set({ deletedAt: null, deletedBy: null, trashedWith: null })
    .where(and(eq(assets.trashedWith, rootId), isNotNull(assets.deletedAt)))
    .returning({ id: assets.id });
  return rows.map((r) => r.id);
}

/** What to purge: the trashed assets and folders of one project (emptying its trash), or of all deleted before a date. */
export type PurgeScope = { projectId: number } | { before: Date };

export async function trashedIds(db: Db, scope: PurgeScope) {
  const assetWhere =
    'projectId' in scope ? eq(assets.projectId, scope.projectId) : and(isNotNull(assets.deletedAt), lt(assets.deletedAt, scope.before));
  const setWhere = 'projectId' in scope ? eq(sets.projectId, scope.projectId) : lt(sets.deletedAt, scope.before);
  const a = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(assetWhere, isNotNull(assets.deletedAt)));
  const s = await db
    .select({ id: sets.id })
    .from(sets)
    .where(and(setWhere, isNotNull(sets.deletedAt)));
  return { assetIds: a.map((r) => r.id), setIds: s.map((r) => r.id) };
}

/** Deletes trashed rows for good (revisions and attachments go with their assets). Only rows still in the trash. */
export async function deleteTrashedRows(db: Db, assetIds: number[], setIds: number[]) {
  for (let i = 0; i < assetIds.length; i += 1000) {
    await db.delete(assets).where(and(inArray(assets.id, assetIds.slice(i, i + 1000)), isNotNull(assets.deletedAt)));
  }
  for (let i = 0; i < setIds.length; i += 1000) {
    await db.delete(sets).where(and(inArray(sets.id, setIds.slice(i, i + 1000)), isNotNull(sets.deletedAt)));
  }
}
