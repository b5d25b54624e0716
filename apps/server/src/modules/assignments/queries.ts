import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { intArray } from '../../db/raw.js';
import { assets, checklistItems, checklistPresets, type PresetItem, users } from '../../db/schema.js';

/* The SQL of assignments: assignee and due date on assets, checklists, checklist presets (decision 0048). */

export type ChecklistItemRow = typeof checklistItems.$inferSelect;
export type ChecklistPresetRow = typeof checklistPresets.$inferSelect;

export async function findChecklistItem(db: Db, id: number): Promise<ChecklistItemRow | null> {
  const [row] = await db.select().from(checklistItems).where(eq(checklistItems.id, id)).limit(1);
  return row ?? null;
}

export async function findPreset(db: Db, id: number): Promise<ChecklistPresetRow | null> {
  const [row] = await db.select().from(checklistPresets).where(eq(checklistPresets.id, id)).limit(1);
  return row ?? null;
}

/** The assignee and due date of an asset. */
export async function assignmentOf(db: Db, assetId: number): Promise<{ assigneeId: number | null; dueAt: Date | null }> {
  const [row] = await db.select({ assigneeId: assets.assigneeId, dueAt: assets.dueAt }).from(assets).where(eq(assets.id, assetId));
  return row ?? { assigneeId: null, dueAt: null };
}

export async function setAssignment(tx: Db, assetId: number, values: { assigneeId?: number | null; dueAt?: Date | null }): Promise<void> {
  await tx.update(assets).set(values).where(eq(assets.id, assetId));
}

/** The checklist of an asset, in order. */
export function checklistOf(db: Db, assetId: number): Promise<ChecklistItemRow[]> {
  return db
    .select()
    .from(checklistItems)
    .where(eq(checklistItems.assetId, assetId))
    .orderBy(asc(checklistItems.position), asc(checklistItems.id));
}

/** How many items each asset's checklist has. */
export async function checklistSizes(db: Db, assetIds: readonly number[]): Promise<Map<number, number>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db
    .select({ assetId: checklistItems.assetId, n: count() })
    .from(checklistItems)
    .where(inArray(checklistItems.assetId, [...assetIds]))
    .groupBy(checklistItems.assetId);
  return new Map(rows.map((r) => [r.assetId, Number(r.n)]));
}

/** Appends items to the end of each asset's checklist (in the order given), in one statement. */
export async function appendItems(
  tx: Db,
  accountId: number,
  createdBy: number | null,
  entries: readonly { assetId: number; content: string; assignedUserId: number | null }[],
): Promise<ChecklistItemRow[]> {
  if (entries.length === 0) return [];
  const ids = [...new Set(entries.map((e) => e.assetId))];
  const start = await tx
    .select({ assetId: checklistItems.assetId, max: sql<number>`max(${checklistItems.position})` })
    .from(checklistItems)
    .where(inArray(checklistItems.assetId, ids))
    .groupBy(checklistItems.assetId);
  const next = new Map(start.map((r) => [r.assetId, Number(r.max) + 1]));
  return tx
    .insert(checklistItems)
    .values(
      entries.map((e) => {
        const position = next.get(e.assetId) ?? 0;
        next.set(e.assetId, position + 1);
        return { accountId, assetId: e.assetId, position, content: e.content, assignedUserId: e.assignedUserId, createdBy };
      }),
    )
    .returning();
}

export async function updateItem(
  tx: Db,
  id: number,
  values: Partial<Pick<ChecklistItemRow, 'content' | 'done' | 'doneBy' | 'doneAt' | 'assignedUserId'>>,
): Promise<void> {
  await tx.update(checklistItems).set(values).where(eq(checklistItems.id, id));
}

export async function deleteItem(tx: Db, id: number): Promise<void> {
  await tx.delete(checklistItems).where(eq(checklistItems.id, id));
}

/** Puts an asset's items in the order of `ids` (all of them). */
export async function reorderItems(tx: Db, assetId: number, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`
    update checklist_items c set position = o.ord - 1
    from unnest(${intArray(ids)}) with ordinality as o(id, ord)
    where c.id = o.id and c.asset_id = ${assetId}`);
}

/** A project's presets, oldest first. */
export function presetsOf(db: Db, projectId: number): Promise<ChecklistPresetRow[]> {
  return db.select().from(checklistPresets).where(eq(checklistPresets.projectId, projectId)).orderBy(asc(checklistPresets.id));
}

export async function insertPreset(tx: Db, values: { projectId: number; name: string; items: PresetItem[]; createdBy: number | null }) {
  const [row] = await tx.insert(checklistPresets).values(values).returning();
  if (!row) throw new Error('checklist preset insert returned nothing');
  return row;
}

export async function updatePreset(tx: Db, id: number, values: { name?: string; items?: PresetItem[] }): Promise<ChecklistPresetRow> {
  const [row] = await tx.update(checklistPresets).set(values).where(eq(checklistPresets.id, id)).returning();
  if (!row) throw new Error('checklist preset update returned nothing');
  return row;
}

export async function deletePreset(tx: Db, id: number): Promise<void> {
  await tx.delete(checklistPresets).where(eq(checklistPresets.id, id));
}

/** Names of users (assignees and assigned users). */
export function userNames(db: Db, ids: readonly number[]): Promise<{ id: number; name: string | null }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Locks the live assets of a project among `ids` (for all-or-none changes); answers how many there are. */
export async function lockLiveAssets(tx: Db, projectId: number, ids: readonly number[]): Promise<number> {
  const rows = await tx
    .select({ id: assets.id })
    .from(assets)
    .where(and(inArray(assets.id, [...ids]), eq(assets.projectId, projectId), sql`${assets.deletedAt} is null`))
    .for('update');
  return rows.length;
}

/** Live assets with an assignee that are due before `until`, oldest due first (the due-date reminders). */
export async function dueAssets(db: Db, until: Date, limit: number) {
  return db
    .select({ id: assets.id, accountId: assets.accountId, projectId: assets.projectId, assigneeId: assets.assigneeId, dueAt: assets.dueAt })
    .from(assets)
    .where(and(sql`${assets.assigneeId} is not null`, sql`${assets.dueAt} <= ${until}`, sql`${assets.deletedAt} is null`))
    .orderBy(asc(assets.dueAt), asc(assets.id))
    .limit(limit);
}
