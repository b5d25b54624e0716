import { type GroupMembersBody, nextGroupMembers, type ProjectGroup, type ProjectLevel, type UserGroup } from '@emblem/core';
import { loadAccount, requireGroup, requireProject, usersChecked } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import { changeProjectGrant, projectPolicy } from '../projects/public.js';
import { groupPolicy } from './policy.js';
import * as q from './queries.js';

const NAME_TAKEN = () => new ConflictError('A group with this name already exists', { name: ['Is used by another group'] });

export function presentGroup(actor: Actor, g: q.GroupWithMembers): UserGroup {
  return {
    id: g.id,
    name: g.name,
    account_id: g.accountId,
    account_name: g.accountName,
    user_ids: g.userIds,
    member_count: g.userIds.length,
    created_at: g.createdAt.toISOString(),
    permissions: groupPolicy.permissions(actor),
  };
}
export type Group = ReturnType<typeof presentGroup>;

async function assertFeature(db: Db, actor: Actor) {
  groupPolicy.assertFeature((await loadAccount(db, actor)).featureFlags);
}

function loadGroup(db: Db, actor: Actor, id: number) {
  return requireGroup(db, actor, id, 'group.view');
}

/** GET /api/groups/list: every group of the caller's account with its member ids. */
export async function listGroups(db: Db, actor: Actor): Promise<Group[]> {
  await assertFeature(db, actor);
  return (await q.listGroups(db, actor.accountId)).map((g) => presentGroup(actor, g));
}

export async function getGroup(db: Db, actor: Actor, id: number): Promise<Group> {
  await assertFeature(db, actor);
  return presentGroup(actor, await loadGroup(db, actor, id));
}

export async function createGroup(db: Db, actor: Actor, input: { name: string }): Promise<Group> {
  groupPolicy.assertManage(actor);
  return db.transaction(async (tx) => {
    await assertFeature(tx, actor);
    const row = await q.insertGroup(tx, { accountId: actor.accountId, name: input.name, createdBy: actor.userId });
    if (!row) throw NAME_TAKEN();
    await audit(tx, actor, 'group:create', row.id, { name: input.name });
    return presentGroup(actor, await loadGroup(tx, actor, row.id));
  });
}

export async function renameGroup(db: Db, actor: Actor, id: number, input: { name: string }): Promise<Group> {
  groupPolicy.assertManage(actor);
  try {
    return await db.transaction(async (tx) => {
      await assertFeature(tx, actor);
      const group = await loadGroup(tx, actor, id);
      if (group.name === input.name) return presentGroup(actor, group);
      if (await q.nameTaken(tx, actor.accountId, input.name, id)) throw NAME_TAKEN();
      await q.renameGroup(tx, id, input.name);
      await audit(tx, actor, 'group:rename', id, { from: group.name, to: input.name });
      return presentGroup(actor, { ...group, name: input.name });
    });
  } catch (error) {
    // Two renames to the same name at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
}

export async function deleteGroup(db: Db, actor: Actor, id: number): Promise<void> {
  groupPolicy.assertManage(actor);
  await db.transaction(async (tx) => {
    await assertFeature(tx, actor);
    const group = await loadGroup(tx, actor, id);
    await q.deleteGroup(tx, id);
    await audit(tx, actor, 'group:delete', id, { name: group.name, userIds: group.userIds });
  });
}

/**
 * PUT /api/groups/{id}/members: the member list (user_ids or the toolkit selection) or its delta. Everyone who is
 * to be a member must belong to the account (400 naming the others); nothing changes when one does not.
 */
export async function setGroupMembers(db: Db, actor: Actor, id: number, body: GroupMembersBody): Promise<Group> {
  groupPolicy.assertManage(actor);
  return db.transaction(async (tx) => {
    await assertFeature(tx, actor);
    const group = await loadGroup(tx, actor, id);
    const next = nextGroupMembers(group.userIds, body);
    const members = await q.accountMemberIds(tx, actor.accountId, next);
    const strangers = next.filter((userId) => !members.has(userId));
    if (strangers.length > 0) {
      const field = body.user_ids !== undefined ? 'user_ids' : body.selectionDelta ? 'selectionDelta' : 'selection';
      throw new ValidationError({ [field]: [`Not members of this account: ${strangers.join(', ')}`] });
    }
    // Everyone to be a member is a member of the account; those to be removed are only taken out of this group.
    usersChecked([...next, ...(body.selectionDelta?.remove.users ?? [])]);
    const stored = await q.storedMemberIds(tx, id);
    const wanted = new Set(next);
    const removed = stored.filter((userId) => !wanted.has(userId));
    const added = next.filter((userId) => !stored.includes(userId));
    await q.removeMembers(tx, id, removed);
    await q.addMembers(tx, id, added);
    if (added.length + removed.length > 0) {
      await audit(tx, actor, 'group:members', id, { added, removed });
    }
    return presentGroup(actor, await loadGroup(tx, actor, id));
  });
}

/* ---------- groups as project collaborators ---------- */

function presentProjectGroup(g: Awaited<ReturnType<typeof q.listProjectGroups>>[number]): ProjectGroup {
  return {
    id: g.id,
    group_id: g.id,
    name: g.name,
    level: g.level as ProjectLevel,
    user_ids: g.userIds,
    member_count: g.userIds.length,
  };
}

/**
 * The groups that are collaborators of a project (anyone who sees the project). Listed whether or not the flag is
 * on: their grants keep applying, so project admins must see (and may remove) them.
 */
export async function listProjectGroups(db: Db, actor: Actor, projectId: number) {
  await requireProject(db, actor, projectId, 'project.view');
  return (await q.listProjectGroups(db, projectId)).map(presentProjectGroup);
}

/** PUT /api/project/{id}/group/{groupId}: adds a group of the project's account or changes its level (project ADMIN). */
export async function setProjectGroup(db: Db, actor: Actor, projectId: number, groupId: number, level: ProjectLevel) {
  await changeProjectGrant(db, actor, projectId, { type: 'project:group', data: { groupId, level } }, async (tx, { project }) => {
    projectPolicy.assertLevelFits(level, project);
    await assertFeature(tx, actor);
    const group = await requireGroup(tx, actor, groupId, 'group.view', 'No such group in this account');
    if (group.accountId !== project.accountId) throw new NotFoundError('No such group in this account');
    await q.upsertProjectGroup(tx, projectId, groupId, level);
  });
  return { group_id: groupId, level };
}

/** DELETE /api/project/{id}/group/{groupId} (project ADMIN); allowed without the flag so grants can always be taken back. */
export async function removeProjectGroup(db: Db, actor: Actor, projectId: number, groupId: number) {
  await changeProjectGrant(db, actor, projectId, { type: 'project:group-remove', data: { groupId } }, async (tx) => {
    await requireGroup(tx, actor, groupId, 'group.view');
    if (!(await q.deleteProjectGroup(tx, projectId, groupId))) throw new NotFoundError();
  });
  return { group_id: groupId };
}
