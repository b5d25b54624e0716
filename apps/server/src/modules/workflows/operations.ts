import {
  ACTIVITY_KINDS,
  type ActivityQuery,
  type ActivityResponse,
  type BoardCard,
  type BoardColumn,
  type BoardQuery,
  type BoardResponse,
  type CreateWorkflowStatusBody,
  type DeleteWorkflowStatusQuery,
  type MoveToWorkflowStatusBody,
  projectChannel,
  type ReorderWorkflowStatusesBody,
  type UpdateWorkflowStatusBody,
  WORKFLOW_STATUSES_MAX,
  type WorkflowMoveResponse,
  type WorkflowStatusDeleteResponse,
  type WorkflowStatusListBody,
  type WorkflowStatusOfProject,
  type WorkflowStatusResponse,
} from '@emblem/core';
import {
  type CheckedProject,
  requireAssetsIn,
  requireGrantedAssets,
  requireMember,
  requirePermissionToken,
  requireProject,
  requireSiblingStatus,
  requireWorkflowStatus,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit, auditMany, type Who } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import { SMALL_PREVIEW_WIDTH, signedMediaUrl } from '../media/public.js';
import { publish } from '../realtime/public.js';
import * as q from './queries.js';

/** Tells the project's channel that assets moved (ids) or its statuses changed (no ids), inside the transaction. */
function announce(tx: Db, projectId: number, assetIds: readonly number[]) {
  return publish(tx, projectChannel(projectId), 'workflow', { asset_ids: assetIds });
}

/* Workflow statuses of workspace projects (docs/api.md "Workflow statuses", decision 0045). */

const ONE_APPROVED = 'Another status of this project already has the APPROVED trigger';

export function presentStatus(row: q.WorkflowStatusRow): WorkflowStatusResponse {
  return { id: row.id, name: row.name, color: row.color, trigger: row.trigger === 'APPROVED' };
}

/** Only workspace projects have statuses: for a library the project is there but has no workflow (404). */
function assertWorkspace(checked: CheckedProject | { project: { projectType: string } }): void {
  if (checked.project.projectType !== 'WORKSPACE')
    throw new ValidationError({ projectId: ['Only workspace projects have workflow statuses'] });
}

/** Turns the one-APPROVED index's refusal into a 409 naming `trigger`. */
async function oneApproved<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(ONE_APPROVED, { trigger: [ONE_APPROVED] });
    throw e;
  }
}

/** GET /api/project/status/{projectId}: the project's statuses in order (VIEW). */
export async function listStatuses(db: Db, actor: Actor, projectId: number): Promise<WorkflowStatusResponse[]> {
  const checked = await requireProject(db, actor, projectId, 'project.view');
  return (await q.statusesOf(db, [checked.project.id])).map(presentStatus);
}

/**
 * POST /api/workflow-status/list {asset_permission_token}: the statuses of the workspace projects holding the
 * token's live, unexpired assets (a token names assets, not a project), each with its project, projects in the token's order.
 * Anyone holding the token may ask; nothing else of the projects is shown.
 */
export async function listStatusesByToken(db: Db, body: WorkflowStatusListBody): Promise<WorkflowStatusOfProject[]> {
  const grant = await requirePermissionToken(db, body.asset_permission_token);
  const assetIds = requireGrantedAssets(grant, grant.assetIds);
  const projectIds = await q.projectsOfLiveAssets(db, assetIds);
  const rows = await q.statusesOf(db, projectIds);
  const order = new Map(projectIds.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => (order.get(a.projectId) ?? 0) - (order.get(b.projectId) ?? 0))
    .map((r) => ({ ...presentStatus(r), project_id: r.projectId }));
}

/**
 * PUT /api/workflows/status-item/status/{statusId}: puts the assets in the status, all or none, in one transaction
 * with one `asset:workflow-status` event per asset that changed. EDIT on the status's project; every asset must be a
 * live asset of that project (else 404, and nothing moves).
 */
export async function moveAssetsToStatus(
  db: Db,
  actor: Actor,
  statusId: number,
  body: MoveToWorkflowStatusBody,
): Promise<WorkflowMoveResponse> {
  const target = await requireWorkflowStatus(db, actor, statusId, 'project.edit');
  await requireAssetsIn(db, target, body.asset_ids);
  const moved = await db.transaction(async (tx) => {
    // Checked above; trashed or transferred since then: still all or none.
    if ((await q.lockLiveAssetsOf(tx, target.project.id, body.asset_ids)).length !== body.asset_ids.length)
      throw new NotFoundError('No such asset in this project');
    return moveAndRecord(tx, actor, target.status, body.asset_ids);
  });
  return { status_id: target.status.id, moved: moved.length, asset_ids: body.asset_ids };
}

/** Moves assets to `to` and writes one event per asset that changed (with the names of both statuses). */
async function moveAndRecord(tx: Db, actor: Who, to: q.WorkflowStatusRow, assetIds: readonly number[]) {
  const moved = await q.moveAssets(tx, assetIds, to.id);
  const names = new Map((await q.statusesOf(tx, [to.projectId])).map((s) => [s.id, s.name]));
  await auditMany(
    tx,
    actor,
    'asset:workflow-status',
    moved.map((m) => ({
      subjectId: m.id,
      data: {
        project_id: to.projectId,
        from: m.from,
        from_name: m.from === null ? null : (names.get(m.from) ?? null),
        to: to.id,
        to_name: to.name,
      },
    })),
  );
  if (moved.length)
    await announce(
      tx,
      to.projectId,
      moved.map((m) => m.id),
    );
  return moved;
}

/**
 * Moves live assets of a workspace to its APPROVED status, with the usual move events, inside the caller's
 * transaction: the decision of an approval request (decision 0049), which the caller already checked. Answers the
 * status, or null when the project has none with the APPROVED trigger (nothing moves).
 */
export async function moveToApprovedStatus(
  tx: Db,
  who: Who,
  projectId: number,
  assetIds: readonly number[],
): Promise<q.WorkflowStatusRow | null> {
  const approved = (await q.statusesOf(tx, [projectId])).find((s) => s.trigger === 'APPROVED');
  if (!approved) return null;
  const live = await q.lockLiveAssetsOf(tx, projectId, assetIds);
  await moveAndRecord(tx, who, approved, live);
  return approved;
}

/** POST /api/project/{projectId}/status: a new status at the end of the list (ADMIN). */
export async function createStatus(
  db: Db,
  actor: Actor,
  projectId: number,
  body: CreateWorkflowStatusBody,
): Promise<WorkflowStatusResponse> {
  const checked = await requireProject(db, actor, projectId, 'project.admin');
  assertWorkspace(checked);
  if ((await q.statusesOf(db, [checked.project.id])).length >= WORKFLOW_STATUSES_MAX)
    throw new ValidationError({ name: [`A project has at most ${WORKFLOW_STATUSES_MAX} statuses`] });
  return oneApproved(() =>
    db.transaction(async (tx) => {
      const row = await q.insertStatus(tx, { projectId: checked.project.id, name: body.name, color: body.color, trigger: body.trigger });
      await audit(tx, actor, 'workflow-status:create', row.id, { project_id: row.projectId, name: row.name });
      await announce(tx, row.projectId, []);
      return presentStatus(row);
    }),
  );
}

/** PATCH /api/project/status/item/{statusId}: renames, recolours or changes the trigger (ADMIN). */
export async function updateStatus(
  db: Db,
  actor: Actor,
  statusId: number,
  body: UpdateWorkflowStatusBody,
): Promise<WorkflowStatusResponse> {
  const checked = await requireWorkflowStatus(db, actor, statusId, 'project.admin');
  return oneApproved(() =>
    db.transaction(async (tx) => {
      const row = await q.updateStatus(tx, checked.status.id, body);
      await audit(tx, actor, 'workflow-status:update', row.id, { project_id: row.projectId, fields: Object.keys(body) });
      await announce(tx, row.projectId, []);
      return presentStatus(row);
    }),
  );
}

/** PUT /api/project/{projectId}/status/order: the project's statuses, each once, in their new order (ADMIN). */
export async function reorderStatuses(
  db: Db,
  actor: Actor,
  projectId: number,
  body: ReorderWorkflowStatusesBody,
): Promise<WorkflowStatusResponse[]> {
  const checked = await requireProject(db, actor, projectId, 'project.admin');
  assertWorkspace(checked);
  const current = await q.statusesOf(db, [checked.project.id]);
  for (const id of body.status_ids) await requireSiblingStatus(db, checked, id);
  const same = body.status_ids.length === current.length && new Set(body.status_ids).size === current.length;
  if (!same) throw new ValidationError({ status_ids: ['Must name every status of the project exactly once'] });
  return db.transaction(async (tx) => {
    await q.reorderStatuses(tx, checked.project.id, body.status_ids);
    await audit(tx, actor, 'workflow-status:reorder', checked.project.id, { status_ids: body.status_ids });
    await announce(tx, checked.project.id, []);
    return (await q.statusesOf(tx, [checked.project.id])).map(presentStatus);
  });
}

/**
 * DELETE /api/project/status/item/{statusId}?move_to=: removes a status (ADMIN). Its assets (in the trash too) go to
 * `move_to`, another status of the project, with one event each; `move_to` is required when live assets are in it.
 * The last status of a project stays.
 */
export async function deleteStatus(
  db: Db,
  actor: Actor,
  statusId: number,
  query: DeleteWorkflowStatusQuery,
): Promise<WorkflowStatusDeleteResponse> {
  const checked = await requireWorkflowStatus(db, actor, statusId, 'project.admin');
  const target = query.move_to === undefined ? null : await requireSiblingStatus(db, checked, query.move_to);
  if (target && target.id === checked.status.id) throw new ValidationError({ move_to: ['Must be another status of this project'] });
  if ((await q.otherStatusCount(db, checked.project.id, checked.status.id)) === 0)
    throw new ConflictError('The last status of a project cannot be removed', { statusId: ['Is the last status of this project'] });
  if (!target && (await q.liveAssetCount(db, checked.status.id)) > 0)
    throw new ValidationError({ move_to: ['Assets are in this status: name the status they move to'] });
  return db.transaction(async (tx) => {
    const moved = target ? await moveAndRecord(tx, actor, target, await q.assetsInStatus(tx, checked.status.id)) : [];
    // Without a target only trashed assets can be left in it: they lose their status.
    if (!target) await q.clearStatus(tx, checked.status.id);
    await q.deleteStatus(tx, checked.status.id);
    await audit(tx, actor, 'workflow-status:delete', checked.status.id, {
      project_id: checked.project.id,
      name: checked.status.name,
      move_to: target?.id ?? null,
      assets: moved.length,
    });
    await announce(tx, checked.project.id, []);
    return { id: checked.status.id, moved: moved.length };
  });
}

/**
 * GET /api/project/{projectId}/board (VIEW): the project's statuses in order, each with a page of its cards
 * matching the filters, and first a column of the assets without a status when there are any (decision 0048).
 * With `status_id` only that column is answered, from `offset` ("load more").
 */
export async function board(db: Db, secret: string, actor: Actor, projectId: number, query: BoardQuery): Promise<BoardResponse> {
  const checked = await requireProject(db, actor, projectId, 'project.view');
  assertWorkspace(checked);
  if (query.assignee_id !== undefined) await requireMember(db, actor, query.assignee_id, 'user.view');
  const only = query.status_id === undefined ? null : await requireSiblingStatus(db, checked, query.status_id);
  const [statuses, rows] = await Promise.all([
    q.statusesOf(db, [checked.project.id]),
    q.boardCards(db, checked.project.id, {
      assigneeId: query.assignee_id,
      due: query.due,
      statusId: only?.id,
      offset: query.offset,
      limit: query.limit,
    }),
  ]);
  const byStatus = new Map<number | null, q.BoardRow[]>();
  for (const r of rows) byStatus.set(r.statusId, [...(byStatus.get(r.statusId) ?? []), r]);
  const column = (status: q.WorkflowStatusRow | null): BoardColumn => {
    const cards = byStatus.get(status?.id ?? null) ?? [];
    return { status: status && presentStatus(status), total: cards[0]?.total ?? 0, cards: cards.map((r) => presentCard(secret, r)) };
  };
  const columns = only ? [column(only)] : [...(byStatus.has(null) ? [column(null)] : []), ...statuses.map(column)];
  return { project_id: checked.project.id, columns };
}

function presentCard(secret: string, r: q.BoardRow): BoardCard {
  return {
    id: r.id,
    title: r.title,
    status_id: r.statusId,
    preview_url:
      r.finished && r.revisionId !== null && r.previewKey
        ? signedMediaUrl(secret, r.token, r.revisionId, { width: SMALL_PREVIEW_WIDTH })
        : null,
    assignee: r.assigneeId === null ? null : { id: r.assigneeId, name: r.assigneeName },
    due_at: r.dueAt?.toISOString() ?? null,
    overdue: r.overdue,
    comment_count: r.comments,
    open_comment_count: r.openComments,
    checklist_done: r.checklistDone,
    checklist_total: r.checklistTotal,
  };
}

/**
 * GET /api/project/{projectId}/activity (VIEW): what happened to the project's assets (workflow moves, comments,
 * assignments, checklists, uploads, approvals), newest first, by kind and actor, a page after `cursor`.
 */
export async function activity(db: Db, actor: Actor, projectId: number, query: ActivityQuery): Promise<ActivityResponse> {
  const { project } = await requireProject(db, actor, projectId, 'project.view');
  if (query.actor_id !== undefined) await requireMember(db, actor, query.actor_id, 'user.view');
  const kinds = query.type ? [query.type] : ACTIVITY_KINDS;
  const rows = await q.projectActivity(db, project, {
    patterns: kinds.flatMap((k) => q.ACTIVITY_TYPES[k] ?? []),
    actorId: query.actor_id,
    before: query.cursor === undefined ? undefined : Number(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const kindOf = (type: string) =>
    ACTIVITY_KINDS.find((k) => (q.ACTIVITY_TYPES[k] ?? []).some((p) => (p.endsWith('%') ? type.startsWith(p.slice(0, -1)) : type === p))) ??
    'other';
  return {
    items: page.map((r) => ({
      id: r.id,
      type: r.type,
      kind: kindOf(r.type),
      created_at: r.createdAt.toISOString(),
      actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName },
      asset: { id: r.assetId, title: r.assetTitle },
      data: r.data,
    })),
    next_cursor: rows.length > query.limit ? String(page.at(-1)?.id) : null,
  };
}
