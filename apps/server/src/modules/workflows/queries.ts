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

export interface BoardRow {
  id: number;
  title: string;
  token: string;
  statusId: number | null;
  revisionId: number | null;
  finished: boolean;
  previewKey: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  dueAt: Date | null;
  overdue: boolean;
  comments: number;
  openComments: number;
  checklistDone: number;
  checklistTotal: number;
  total: number;
}

export interface BoardFilter {
  assigneeId?: number;
  due?: 'overdue' | 'week' | 'none';
  statusId?: number;
  offset: number;
  limit: number;
}

function boardConditions(projectId: number, f: BoardFilter) {
  const conditions = [sql`a.project_id = ${projectId}`, sql`a.deleted_at is null`];
  if (f.assigneeId !== undefined) conditions.push(sql`a.assignee_id = ${f.assigneeId}`);
  if (f.statusId !== undefined) conditions.push(sql`a.workflow_status_id = ${f.statusId}`);
  if (f.due === 'overdue') conditions.push(sql`a.due_at < now()`);
  if (f.due === 'week') conditions.push(sql`a.due_at >= now() and a.due_at < now() + interval '7 days'`);
  if (f.due === 'none') conditions.push(sql`a.due_at is null`);
  return conditions;
}

/**
 * The cards of a project's board in one statement: live assets matching the filters, numbered within their status
 * (most recently changed first), a page of each status, with their preview, assignee, comment and checklist counts.
 */
export async function boardCards(db: Db, projectId: number, f: BoardFilter): Promise<BoardRow[]> {
  const conditions = boardConditions(projectId, f);
  const rows = await rowsOf<Record<string, unknown>>(
    db.execute(sql`
      with matching as (
        select a.id, a.title, a.token, a.workflow_status_id, a.current_revision_id, a.assignee_id, a.due_at,
          row_number() over (partition by a.workflow_status_id order by a.modified_at desc, a.id desc) as n,
          count(*) over (partition by a.workflow_status_id) as total
        from assets a
        where ${sql.join(conditions, sql` and `)}
      )
      select m.id, m.title, m.token, m.workflow_status_id as "statusId", m.current_revision_id as "revisionId",
        (r.status = 'FINISHED') as finished, r.preview_key as "previewKey", m.assignee_id as "assigneeId",
        u.name as "assigneeName", m.due_at as "dueAt", coalesce(m.due_at < now(), false) as overdue, m.total,
        (select count(*) from comments c where c.asset_id = m.id and c.parent_id is null) as comments,
        (select count(*) from comments c where c.asset_id = m.id and c.parent_id is null and not c.is_resolved) as "openComments",
        (select count(*) filter (where ci.done) from checklist_items ci where ci.asset_id = m.id) as "checklistDone",
        (select count(*) from checklist_items ci where ci.asset_id = m.id) as "checklistTotal"
      from matching m
      left join asset_revisions r on r.id = m.current_revision_id
      left join users u on u.id = m.assignee_id
      where m.n > ${f.offset} and m.n <= ${f.offset + f.limit}
      order by m.workflow_status_id nulls first, m.n`),
  );
  const num = (v: unknown) => Number(v ?? 0);
  return rows.map((r) => ({
    id: num(r.id),
    title: String(r.title),
    token: String(r.token),
    statusId: r.statusId === null ? null : num(r.statusId),
    revisionId: r.revisionId === null ? null : num(r.revisionId),
    finished: r.finished === true,
    previewKey: (r.previewKey as string | null) ?? null,
    assigneeId: r.assigneeId === null ? null : num(r.assigneeId),
    assigneeName: (r.assigneeName as string | null) ?? null,
    dueAt: r.dueAt === null ? null : new Date(r.dueAt as string),
    overdue: r.overdue === true,
    comments: num(r.comments),
    openComments: num(r.openComments),
    checklistDone: num(r.checklistDone),
    checklistTotal: num(r.checklistTotal),
    total: num(r.total),
  }));
}

/** The event types of each kind of project activity (decision 0048). */
export const ACTIVITY_TYPES: Record<string, string[]> = {
  workflow: ['asset:workflow-status'],
  comment: ['comment:%'],
  assignment: ['asset:assign', 'asset:due-date'],
  checklist: ['asset:checklist'],
  upload: ['asset:create', 'asset:revision', 'asset:submit'],
  approval: ['approval:%'],
};

export interface ActivityRow {
  id: number;
  type: string;
  createdAt: Date;
  actorId: number | null;
  actorName: string | null;
  assetId: number;
  assetTitle: string;
  data: Record<string, unknown>;
}

/** Events about the project's assets (live or in the trash), newest first, one page after `before`. */
export async function projectActivity(
  db: Db,
  project: { id: number; accountId: number },
  f: { patterns: string[]; actorId?: number; before?: number; limit: number },
): Promise<ActivityRow[]> {
  const conditions = [
    sql`e.account_id = ${project.accountId}`,
    sql`e.subject_type = 'asset'`,
    sql`a.project_id = ${project.id}`,
    sql`(${sql.join(
      f.patterns.map((p) => sql`e.type like ${p}`),
      sql` or `,
    )})`,
  ];
  if (f.actorId !== undefined) conditions.push(sql`e.actor_id = ${f.actorId}`);
  if (f.before !== undefined) conditions.push(sql`e.id < ${f.before}`);
  const rows = await rowsOf<Record<string, unknown>>(
    db.execute(sql`
      select e.id, e.type, e.created_at as "createdAt", e.actor_id as "actorId", u.name as "actorName",
        a.id as "assetId", a.title as "assetTitle", e.data
      from events e
      join assets a on a.id = e.subject_id
      left join users u on u.id = e.actor_id
      where ${sql.join(conditions, sql` and `)}
      order by e.id desc
      limit ${f.limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    type: String(r.type),
    createdAt: new Date(r.createdAt as string),
    actorId: r.actorId === null ? null : Number(r.actorId),
    actorName: (r.actorName as string | null) ?? null,
    assetId: Number(r.assetId),
    assetTitle: String(r.assetTitle),
    data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
  }));
}
