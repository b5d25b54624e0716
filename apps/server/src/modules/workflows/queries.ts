import { DEFAULT_WORKFLOW_STATUSES } from '@emblem/core';
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { intArray, rowsOf } from '../../db/raw.js';
import { assets, workflowStatuses } from '../../db/schema.js';

/* SQL of workflow statuses (decision 0045); plain rows. */

export type WorkflowStatusRow = typeof workflowStatuses.$inferSelect;

/** Gives a new workspace project the default statuses. */
export async function insertDefaultStatuses(tx: Db, projectId: number): Promise<void> {
  await tx
    .insert(workflowStatuses)
    .values(DEFAULT_WORKFLOW_STATUSES.map((d, position) => ({ projectId, name: d.name, color: d.color, trigger: d.trigger, position })));
}

export async function findStatus(db: Db, id: number): Promise<WorkflowStatusRow | null> {
  const [row] = await db.select().from(workflowStatuses).where(eq(workflowStatuses.id, id)).limit(1);
  return row ?? null;
}

/** The statuses of some projects, each project's in order. */
export function statusesOf(db: Db, projectIds: readonly number[]): Promise<WorkflowStatusRow[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(workflowStatuses)
    .where(inArray(workflowStatuses.projectId, [...projectIds]))
    .orderBy(asc(workflowStatuses.projectId), asc(workflowStatuses.position), asc(workflowStatuses.id));
}

export async function insertStatus(tx: Db, values: Omit<typeof workflowStatuses.$inferInsert, 'position'>): Promise<WorkflowStatusRow> {
  const [row] = await tx
    .insert(workflowStatuses)
    .values({
      ...values,
      position: sql`(select coalesce(max(position) + 1, 0) from workflow_statuses where project_id = ${values.projectId})`,
    })
    .returning();
  if (!row) throw new Error('workflow status insert returned nothing');
  return row;
}

export async function updateStatus(
  tx: Db,
  id: number,
  values: Partial<Pick<WorkflowStatusRow, 'name' | 'color' | 'trigger'>>,
): Promise<WorkflowStatusRow> {
  const [row] = await tx.update(workflowStatuses).set(values).where(eq(workflowStatuses.id, id)).returning();
  if (!row) throw new Error('workflow status update returned nothing');
  return row;
}

/** Puts the project's statuses in the order of `ids` (all of them). */
export async function reorderStatuses(tx: Db, projectId: number, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`
    update workflow_statuses s set position = o.ord - 1
    from unnest(${intArray(ids)}) with ordinality as o(id, ord)
    where s.id = o.id and s.project_id = ${projectId}`);
}

export async function deleteStatus(tx: Db, id: number): Promise<void> {
  await tx.delete(workflowStatuses).where(eq(workflowStatuses.id, id));
}

/** How many live assets are in a status. */
export async function liveAssetCount(db: Db, statusId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assets)
    .where(and(eq(assets.workflowStatusId, statusId), isNull(assets.deletedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Locks the live assets of `projectId` among `assetIds` for the move and answers their ids, so a move
 * can tell, inside its transaction, that none was trashed or transferred since it was checked.
 */
export async function lockLiveAssetsOf(tx: Db, projectId: number, assetIds: readonly number[]): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx.execute(sql`
      select id from assets
      where id = any(${intArray(assetIds)}) and project_id = ${projectId} and deleted_at is null
      for update`),
  );
  return rows.map((r) => Number(r.id));
}

export interface MovedAsset {
  id: number;
  from: number | null;
}

/**
 * Puts the assets in status `to` (which must be of their project), leaving alone those already in it; answers each
 * asset that changed with the status it left.
 */
export async function moveAssets(tx: Db, assetIds: readonly number[], to: number): Promise<MovedAsset[]> {
  if (assetIds.length === 0) return [];
  const rows = await rowsOf<{ id: number; from: number | null }>(
    tx.execute(sql`
      update assets a set workflow_status_id = ${to}, modified_at = now()
      from assets old
      where old.id = a.id and a.id = any(${intArray(assetIds)}) and a.workflow_status_id is distinct from ${to}
      returning a.id, old.workflow_status_id as "from"`),
  );
  return rows.map((r) => ({ id: Number(r.id), from: r.from === null ? null : Number(r.from) }));
}

/** Every asset (live or in the trash) in status `from`. */
export async function assetsInStatus(tx: Db, from: number): Promise<number[]> {
  const rows = await tx.select({ id: assets.id }).from(assets).where(eq(assets.workflowStatusId, from));
  return rows.map((r) => r.id);
}

/** The other statuses of the project (for the refusal that names them). */
export async function otherStatusCount(db: Db, projectId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workflowStatuses)
    .where(and(eq(workflowStatuses.projectId, projectId), ne(workflowStatuses.id, id)));
  return Number(row?.n ?? 0);
}

/** The distinct projects of live, unexpired assets, in order of first appearance in `assetIds`. */
export async function projectsOfLiveAssets(db: Db, assetIds: readonly number[]): Promise<number[]> {
  if (assetIds.length === 0) return [];
  const rows = await db
    .select({ id: assets.id, projectId: assets.projectId })
    .from(assets)
    .where(
      and(inArray(assets.id, [...assetIds]), isNull(assets.deletedAt), or(isNull(assets.expiresAt), gt(assets.expiresAt, sql`now()`))),
    );
  const byAsset = new Map(rows.map((r) => [r.id, r.projectId]));
  const out: number[] = [];
  for (const id of assetIds) {
    const p = byAsset.get(id);
    if (p !== undefined && !out.includes(p)) out.push(p);
  }
  return out;
}

/** Takes every asset out of a status (they have none afterwards). */
export async function clearStatus(tx: Db, statusId: number): Promise<void> {
  await tx.update(assets).set({ workflowStatusId: null }).where(eq(assets.workflowStatusId, statusId));
}
