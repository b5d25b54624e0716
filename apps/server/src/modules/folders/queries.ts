import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, sets } from '../../db/schema.js';

export type SetRow = typeof sets.$inferSelect;

/** All folders of a project with their direct asset counts (counted on the project's asset index). */
export async function listSets(db: Db, projectId: number) {
  return db
    .select({
      set: sets,
      assetCount: sql<number>`(select count(*)::int from ${assets} a where a.project_id = "sets"."project_id" and a.set_id = "sets"."id")`,
    })
    .from(sets)
    .where(eq(sets.projectId, projectId))
    .orderBy(asc(sets.sort), asc(sql`lower(${sets.name})`), asc(sets.id));
}

export async function findSet(db: Db, id: number): Promise<SetRow | null> {
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

export async function moveAssetsOutOf(db: Db, setIds: number[], target: number | null) {
  if (setIds.length === 0) return 0;
  const rows = await db
    .update(assets)
    .set({ setId: target, modifiedAt: sql`now()` })
    .where(inArray(assets.setId, setIds))
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
    .where(and(eq(sets.projectId, projectId), parentId === null ? isNull(sets.parentId) : eq(sets.parentId, parentId)));
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
