import {
  type ApplyChecklistPresetBody,
  type AssignmentResponse,
  type AssignmentUser,
  CHECKLIST_ITEMS_MAX,
  CHECKLIST_PRESETS_MAX,
  type ChecklistPresetApplyResponse,
  type ChecklistPresetResponse,
  type CreateChecklistItemBody,
  type CreateChecklistPresetBody,
  projectChannel,
  type ReorderChecklistBody,
  type UpdateAssignmentBody,
  type UpdateChecklistItemBody,
  type UpdateChecklistPresetBody,
} from '@emblem/core';
import {
  type CheckedAsset,
  requireAsset,
  requireAssetsIn,
  requireChecklistItem,
  requireChecklistItemsOf,
  requireChecklistPreset,
  requireMentionable,
  requireProject,
  usersWhoSee,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit, auditMany } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import { notify, sentAbout } from '../notifications/public.js';
import { publish } from '../realtime/public.js';
import * as q from './queries.js';

/*
 * Assignments on assets of workspace projects (issue 15 §2, decision 0048): assignee, due date, checklist, and
 * checklist presets per project. Shared by the REST routes and the GraphQL resolvers: VIEW reads, EDIT changes.
 * Every change is an event in its transaction and an `assignment` message on the project's channel.
 */

const LIBRARY = 'Only assets of workspace projects have assignments';
const TOO_MANY = `A checklist has at most ${CHECKLIST_ITEMS_MAX} items`;

function assertWorkspace(projectType: string, field: string): void {
  if (projectType !== 'WORKSPACE') throw new ValidationError({ [field]: [LIBRARY] });
}

async function names(db: Db, ids: Iterable<number | null>): Promise<(id: number | null) => AssignmentUser | null> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  const byId = new Map((await q.userNames(db, wanted)).map((u) => [u.id, u]));
  return (id) => (id === null ? null : (byId.get(id) ?? { id, name: null }));
}

/** The assignee, due date and checklist of an asset as the API answers them. */
async function present(db: Db, assetId: number): Promise<AssignmentResponse> {
  const [{ assigneeId, dueAt }, items] = await Promise.all([q.assignmentOf(db, assetId), q.checklistOf(db, assetId)]);
  const user = await names(db, [assigneeId, ...items.map((i) => i.assignedUserId)]);
  return {
    asset_id: assetId,
    assignee: user(assigneeId),
    due_at: dueAt?.toISOString() ?? null,
    checklist: items.map((i) => ({
      id: i.id,
      content: i.content,
      done: i.done,
      done_at: i.doneAt?.toISOString() ?? null,
      assigned_user: user(i.assignedUserId),
    })),
  };
}

/** An asset of a workspace the caller may act on (a library's asset is 400 naming `asset_id`). */
async function workspaceAsset(db: Db, actor: Actor, assetId: number, permission: 'asset.view' | 'asset.edit'): Promise<CheckedAsset> {
  const checked = await requireAsset(db, actor, assetId, permission);
  assertWorkspace(checked.project.projectType, 'asset_id');
  return checked;
}

/** Users named for assignment must see the project (else 400 naming `field`). */
async function assignable(db: Db, project: { id: number; accountId: number }, ids: (number | null | undefined)[], field: string) {
  const named = ids.filter((id): id is number => typeof id === 'number');
  if (named.length) await requireMentionable(db, { accountId: project.accountId, projectId: project.id }, named, field);
}

/** GET /api/asset/{id}/assignment, `Asset.assignee/dueAt/checklist` (VIEW). */
export async function getAssignment(db: Db, actor: Actor, assetId: number): Promise<AssignmentResponse> {
  const { asset } = await workspaceAsset(db, actor, assetId, 'asset.view');
  return present(db, asset.id);
}

/** `Asset.assignee/dueAt/checklist` (VIEW): as getAssignment, but null for an asset of a library. */
export async function findAssignment(db: Db, actor: Actor, assetId: number): Promise<AssignmentResponse | null> {
  const { asset, project } = await requireAsset(db, actor, assetId, 'asset.view');
  return project.projectType === 'WORKSPACE' ? present(db, asset.id) : null;
}

/** PATCH /api/asset/{id}/assignment, `updateAssetAssignment` (EDIT): sets or clears the assignee and the due date. */
export async function updateAssignment(db: Db, actor: Actor, assetId: number, body: UpdateAssignmentBody): Promise<AssignmentResponse> {
  const { asset, project } = await workspaceAsset(db, actor, assetId, 'asset.edit');
  await assignable(db, project, [body.assignee_id], 'assignee_id');
  await db.transaction(async (tx) => {
    const before = await q.assignmentOf(tx, asset.id);
    const dueAt = body.due_at === undefined ? undefined : body.due_at === null ? null : new Date(body.due_at);
    await q.setAssignment(tx, asset.id, { assigneeId: body.assignee_id, dueAt });
    let changed = false;
    if (body.assignee_id !== undefined && body.assignee_id !== before.assigneeId) {
      await audit(tx, actor, 'asset:assign', asset.id, { project_id: project.id, from: before.assigneeId, to: body.assignee_id });
      if (body.assignee_id !== null)
        await notify(tx, {
          recipientIds: [body.assignee_id],
          type: 'assignment',
          actorId: actor.userId,
          projectId: project.id,
          assetId: asset.id,
        });
      changed = true;
    }
    if (dueAt !== undefined && dueAt?.getTime() !== before.dueAt?.getTime()) {
      const to = dueAt?.toISOString() ?? null;
      await audit(tx, actor, 'asset:due-date', asset.id, { project_id: project.id, from: before.dueAt?.toISOString() ?? null, to });
      changed = true;
    }
    if (changed) await publish(tx, projectChannel(project.id), 'assignment', { asset_id: asset.id });
  });
  return present(db, asset.id);
}

/** POST /api/asset/{id}/checklist, `addChecklistItem` (EDIT): a new item at the end; at most CHECKLIST_ITEMS_MAX. */
export async function addChecklistItem(db: Db, actor: Actor, assetId: number, body: CreateChecklistItemBody): Promise<AssignmentResponse> {
  const { asset, project } = await workspaceAsset(db, actor, assetId, 'asset.edit');
  await assignable(db, project, [body.assigned_user_id], 'assigned_user_id');
  await db.transaction(async (tx) => {
    await q.lockLiveAssets(tx, project.id, [asset.id]);
    if (((await q.checklistSizes(tx, [asset.id])).get(asset.id) ?? 0) >= CHECKLIST_ITEMS_MAX)
      throw new ValidationError({ content: [TOO_MANY] });
    const [item] = await q.appendItems(tx, asset.accountId, actor.userId, [
      { assetId: asset.id, content: body.content, assignedUserId: body.assigned_user_id },
    ]);
    await audit(tx, actor, 'asset:checklist', asset.id, {
      project_id: project.id,
      action: 'add',
      item_id: item!.id,
      content: body.content,
    });
    await publish(tx, projectChannel(project.id), 'assignment', { asset_id: asset.id });
  });
  return present(db, asset.id);
}

/** PATCH /api/checklist-item/{id}, `updateChecklistItem` (EDIT): edits, ticks or unticks, (un)assigns an item. */
export async function updateChecklistItem(
  db: Db,
  actor: Actor,
  itemId: number,
  body: UpdateChecklistItemBody,
): Promise<AssignmentResponse> {
  const { item, asset, project } = await requireChecklistItem(db, actor, itemId, 'asset.edit');
  await assignable(db, project, [body.assigned_user_id], 'assigned_user_id');
  const ticked = body.done !== undefined && body.done !== item.done;
  const edited =
    (body.content !== undefined && body.content !== item.content) ||
    (body.assigned_user_id !== undefined && body.assigned_user_id !== item.assignedUserId);
  // The same values again change nothing and record nothing.
  if (!ticked && !edited) return present(db, asset.id);
  await db.transaction(async (tx) => {
    await q.updateItem(tx, item.id, {
      content: body.content,
      assignedUserId: body.assigned_user_id,
      ...(ticked ? { done: body.done, doneBy: body.done ? actor.userId : null, doneAt: body.done ? new Date() : null } : {}),
    });
    const action = ticked ? (body.done ? 'tick' : 'untick') : 'edit';
    await audit(tx, actor, 'asset:checklist', asset.id, {
      project_id: project.id,
      action,
      item_id: item.id,
      content: body.content ?? item.content,
    });
    await publish(tx, projectChannel(project.id), 'assignment', { asset_id: asset.id });
  });
  return present(db, asset.id);
}

/** DELETE /api/checklist-item/{id}, `deleteChecklistItem` (EDIT). */
export async function deleteChecklistItem(db: Db, actor: Actor, itemId: number): Promise<AssignmentResponse> {
  const { item, asset, project } = await requireChecklistItem(db, actor, itemId, 'asset.edit');
  await db.transaction(async (tx) => {
    await q.deleteItem(tx, item.id);
    await audit(tx, actor, 'asset:checklist', asset.id, {
      project_id: project.id,
      action: 'delete',
      item_id: item.id,
      content: item.content,
    });
    await publish(tx, projectChannel(project.id), 'assignment', { asset_id: asset.id });
  });
  return present(db, asset.id);
}

/** PUT /api/asset/{id}/checklist/order, `reorderChecklist` (EDIT): every item of the checklist once, in the new order. */
export async function reorderChecklist(db: Db, actor: Actor, assetId: number, body: ReorderChecklistBody): Promise<AssignmentResponse> {
  const checked = await workspaceAsset(db, actor, assetId, 'asset.edit');
  const { asset, project } = checked;
  const current = await requireChecklistItemsOf(db, checked, body.item_ids);
  if (body.item_ids.length !== current.length || new Set(body.item_ids).size !== current.length)
    throw new ValidationError({ item_ids: ['Must name every item of the checklist exactly once'] });
  await db.transaction(async (tx) => {
    await q.reorderItems(tx, asset.id, body.item_ids);
    await audit(tx, actor, 'asset:checklist', asset.id, { project_id: project.id, action: 'reorder' });
    await publish(tx, projectChannel(project.id), 'assignment', { asset_id: asset.id });
  });
  return present(db, asset.id);
}

/** Presets as the API answers them, with the names of their assigned users. */
async function presentPresets(db: Db, rows: q.ChecklistPresetRow[]): Promise<ChecklistPresetResponse[]> {
  const user = await names(
    db,
    rows.flatMap((r) => r.items.map((i) => i.assigned_user_id)),
  );
  return rows.map((r) => ({
    id: r.id,
    project_id: r.projectId,
    name: r.name,
    items: r.items.map((i) => ({ content: i.content, assigned_user: user(i.assigned_user_id) })),
  }));
}

/** GET /api/project/{projectId}/checklist-presets, `workflowChecklistPresets` (VIEW). */
export async function listPresets(db: Db, actor: Actor, projectId: number): Promise<ChecklistPresetResponse[]> {
  const { project } = await requireProject(db, actor, projectId, 'project.view');
  assertWorkspace(project.projectType, 'projectId');
  return presentPresets(db, await q.presetsOf(db, project.id));
}

/** POST /api/project/{projectId}/checklist-presets, `createWorkflowChecklistPreset` (EDIT). */
export async function createPreset(
  db: Db,
  actor: Actor,
  projectId: number,
  body: CreateChecklistPresetBody,
): Promise<ChecklistPresetResponse> {
  const { project } = await requireProject(db, actor, projectId, 'project.edit');
  assertWorkspace(project.projectType, 'projectId');
  await assignable(
    db,
    project,
    body.items.map((i) => i.assigned_user_id),
    'items',
  );
  if ((await q.presetsOf(db, project.id)).length >= CHECKLIST_PRESETS_MAX)
    throw new ValidationError({ name: [`A project has at most ${CHECKLIST_PRESETS_MAX} checklist presets`] });
  const row = await db.transaction(async (tx) => {
    const preset = await q.insertPreset(tx, { projectId: project.id, name: body.name, items: body.items, createdBy: actor.userId });
    await audit(tx, actor, 'checklist-preset:create', preset.id, { project_id: project.id, name: preset.name });
    return preset;
  });
  const [presented] = await presentPresets(db, [row]);
  return presented!;
}

/** PATCH /api/checklist-preset/{id}, `updateWorkflowChecklistPreset` (EDIT): renames it or replaces its items. */
export async function updatePreset(
  db: Db,
  actor: Actor,
  presetId: number,
  body: UpdateChecklistPresetBody,
): Promise<ChecklistPresetResponse> {
  const { preset, project } = await requireChecklistPreset(db, actor, presetId, 'project.edit');
  if (body.items)
    await assignable(
      db,
      project,
      body.items.map((i) => i.assigned_user_id),
      'items',
    );
  const row = await db.transaction(async (tx) => {
    const updated = await q.updatePreset(tx, preset.id, { name: body.name, items: body.items });
    await audit(tx, actor, 'checklist-preset:update', preset.id, { project_id: project.id, fields: Object.keys(body) });
    return updated;
  });
  const [presented] = await presentPresets(db, [row]);
  return presented!;
}

/** DELETE /api/checklist-preset/{id}, `deleteWorkflowChecklistPreset` (EDIT); checklists it filled keep their items. */
export async function deletePreset(db: Db, actor: Actor, presetId: number): Promise<{ id: number; deleted: true }> {
  const { preset, project } = await requireChecklistPreset(db, actor, presetId, 'project.edit');
  await db.transaction(async (tx) => {
    await q.deletePreset(tx, preset.id);
    await audit(tx, actor, 'checklist-preset:delete', preset.id, { project_id: project.id, name: preset.name });
  });
  return { id: preset.id, deleted: true };
}

/**
 * POST /api/checklist-preset/{id}/apply, `applyWorkflowChecklistPreset` (EDIT): appends the preset's items to the
 * checklist of each asset, all or none. Every asset must be a live asset of the preset's project (else 404); a
 * checklist that would pass CHECKLIST_ITEMS_MAX is 400 and nothing is added. Users of the preset who lost access to
 * the project since are left unassigned.
 */
export async function applyPreset(
  db: Db,
  actor: Actor,
  presetId: number,
  body: ApplyChecklistPresetBody,
): Promise<ChecklistPresetApplyResponse> {
  const checked = await requireChecklistPreset(db, actor, presetId, 'project.edit');
  const { preset, project } = checked;
  await requireAssetsIn(db, checked, body.asset_ids);
  const stillThere = new Set<number>();
  for (const id of new Set(preset.items.map((i) => i.assigned_user_id).filter((u): u is number => u !== null))) {
    try {
      await requireMentionable(db, { accountId: project.accountId, projectId: project.id }, [id], 'items');
      stillThere.add(id);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
    }
  }
  await db.transaction(async (tx) => {
    if ((await q.lockLiveAssets(tx, project.id, body.asset_ids)) !== body.asset_ids.length)
      throw new NotFoundError('No such asset in this project');
    const sizes = await q.checklistSizes(tx, body.asset_ids);
    const full = body.asset_ids.filter((id) => (sizes.get(id) ?? 0) + preset.items.length > CHECKLIST_ITEMS_MAX);
    if (full.length) throw new ValidationError({ asset_ids: [`${TOO_MANY}; these assets have no room: ${full.join(', ')}`] });
    await q.appendItems(
      tx,
      project.accountId,
      actor.userId,
      body.asset_ids.flatMap((assetId) =>
        preset.items.map((i) => ({
          assetId,
          content: i.content,
          assignedUserId: i.assigned_user_id !== null && stillThere.has(i.assigned_user_id) ? i.assigned_user_id : null,
        })),
      ),
    );
    await auditMany(
      tx,
      actor,
      'asset:checklist',
      body.asset_ids.map((subjectId) => ({
        subjectId,
        data: { project_id: project.id, action: 'preset' as const, preset_id: preset.id, items: preset.items.length },
      })),
    );
    for (const assetId of body.asset_ids) await publish(tx, projectChannel(project.id), 'assignment', { asset_id: assetId });
  });
  return { preset_id: preset.id, asset_ids: body.asset_ids, added: preset.items.length };
}

/** How far ahead an assignee hears that an asset is due. */
export const DUE_SOON_MS = 24 * 3_600_000;
/** Assets looked at per run of the reminder job. */
const REMINDER_BATCH = 500;

/**
 * The reminder job's work: tells each assignee once per due date that their asset is due within a day (or overdue),
 * while they still see it (`due_date` with `data.due_at`; a new due date reminds again). Answers how many were sent.
 */
export async function remindDueAssets(db: Db, now = new Date()): Promise<number> {
  const due = await q.dueAssets(db, new Date(now.getTime() + DUE_SOON_MS), REMINDER_BATCH);
  const sent = await sentAbout(
    db,
    'due_date',
    due.map((a) => a.id),
  );
  let reminded = 0;
  for (const asset of due) {
    const dueAt = asset.dueAt!.toISOString();
    if (sent.some((n) => n.assetId === asset.id && n.recipientId === asset.assigneeId && n.data.due_at === dueAt)) continue;
    const [assignee] = await usersWhoSee(db, asset, [asset.assigneeId!]);
    if (assignee === undefined) continue;
    await db.transaction((tx) =>
      notify(tx, {
        recipientIds: [assignee],
        type: 'due_date',
        actorId: null,
        projectId: asset.projectId,
        assetId: asset.id,
        data: { due_at: dueAt },
      }),
    );
    reminded++;
  }
  return reminded;
}
