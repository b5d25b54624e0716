import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, sets } from '../../db/schema.js';

export type SetRow = typeof sets.$inferSelect;

/** Live folders only: everything but the trash (decision 0025). */
export const liveSet = isNull(sets.deletedAt);

/**
 * All folders of a project with two asset counts, in one statement: `assetCount`, the assets directly in the folder
 * (counted on the project's asset index), and `totalAssetCount`, those of the folder and of every folder below it.
 * The recursive part pairs each folder with itself and each of its descendants; `union` drops repeated pairs, so
 * even a damaged tree with a loop cannot make it run forever.
 */
export async function listSets(db: Db, projectId: number) {
  const counts = sql`(
    with recursive direct(id, parent_id, n) as (
      select s.id, s.parent_id,
        (select count(*)::int from ${assets} a where a.project_id = s.project_id and a.set_id = s.id and a.deleted_at is null)
      from ${sets} s where s.project_id = ${projectId} and s.deleted_at is null
    ),
    below(ancestor, id) as (
      select id, id from direct
      union
      select b.ancestor, d.id from direct d join below b on d.parent_id = b.id
    )
    select b.ancestor as id,
      max(case when d.id = b.ancestor then d.n end)::int as direct_count,
      sum(d.n)::int as total_count
    from below b join direct d on d.id = b.id
    group by b.ancestor
  ) as folder_counts`;
  return db
    .select({
      set: sets,
      assetCount: sql<number>`folder_counts.direct_count`,
      totalAssetCount: sql<number>`folder_counts.total_count`,
    })
    .from(sets)
    .innerJoin(counts, sql`folder_counts.id = ${sets.id}`)
    .where(and(eq(sets.projectId, projectId), liveSet))
    .orderBy(asc(sets.sort), asc(sql`lower(${sets.name})`), asc(sets.id));
}

/** A live folder (one in the trash is not found). */
export async function findSet(db: Db, id: number): Promise<SetRow | null> {
  const [row] = await db
    .select()
    .from(sets)
    .where(and(eq(sets.id, id), liveSet))
    .limit(1);
  return row ?? null;
}

/** A folder, live or in the trash: to tell "in the trash" from "not there". */
export async function findSetAnyState(db: Db, id: number): Promise<SetRow | null> {
  const [row] = await db.select().from(sets).where(eq(sets.id, id)).limit(1);
  return row ?? null;
}

export async function insertSet(db: Db, values: typeof sets.$inferInsert) {
  const [row] = await db.insert(sets).values(values).returning();
  if (!row) throw new Error('set insert returned nothing');
  return row;
}

export async function updateSet(db: Db, id: number, values: Partial<typeof sets.$inferInsert>) {
  const [row] = await db.update(sets).set(values).where(eq(sets.id, id)).returning();
  return row ?? null;
}

/**
 * Moves folders (a folder and its live subtree) and their live assets to the trash as one item, the folder `rootId`:
 * restoring it brings back exactly these rows (decision 0025). Answers how many assets went with them.
 */
export async function trashFolderTree(db: Db, rootId: number, setIds: number[], userId: number, at: Date) {
  if (setIds.length === 0) return 0;
  await db
    .update(sets)
    .set({ deletedAt: at, deletedBy: userId, trashRootId: rootId })
    .where(and(inArray(sets.id, setIds), liveSet));
  const rows = await db
    .update(assets)
    .set({ deletedAt: at, deletedBy: userId, trashedWith: rootId })
    .where(and(inArray(assets.setId, setIds), isNull(assets.deletedAt)))
    .returning({ id: assets.id });
  return rows.length;
}

export async function deleteSets(db: Db, ids: number[]) {
  if (ids.length) await db.delete(sets).where(inArray(sets.id, ids));
}

export async function countSiblings(db: Db, projectId: number, parentId: number | null) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sets)
    .where(and(eq(sets.projectId, projectId), parentId === null ? isNull(sets.parentId) : eq(sets.parentId, parentId), liveSet));
  return row?.n ?? 0;
}

export interface FolderLink {
  id: number;
  parentId: number | null;
  name: string;
}

/** The given folders and all their ancestors (id, parent, name): what breadcrumbs need, in one query. */
export async function folderChains(db: Db, ids: number[]): Promise<FolderLink[]> {
  if (ids.length === 0) return [];
  const result = (await db.execute(sql`
    with recursive chain(id, parent_id, name) as (
      select ${sets.id}, ${sets.parentId}, ${sets.name} from ${sets} where ${inArray(sets.id, ids)}
      union
      select s.id, s.parent_id, s.name from ${sets} s join chain c on s.id = c.parent_id
    )
    select id, parent_id, name from chain`)) as unknown as { rows: { id: number; parent_id: number | null; name: string }[] };
  return result.rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name }));
}

/** The folders of a project that hold a live asset in a workflow status. */
export async function foldersWithStatus(db: Db, projectId: number, statusId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: assets.setId })
    .from(assets)
    .where(and(eq(assets.projectId, projectId), eq(assets.workflowStatusId, statusId), isNull(assets.deletedAt)));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}
