import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import { type ApprovalRequestRow, findRequest, groupsSeeingProject, usersSeeingProject } from '../modules/approvals/queries.js';
import type { ProjectRow } from '../modules/projects/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { type ProjectAccess, type ProjectPermission, requireProject } from './projects.js';

/** Approval requests take their permissions from their workspace project (decision 0049): VIEW reads. */
export type CheckedApprovalRequest = Checked<'approval_request', ProjectAccess & { request: ApprovalRequestRow }>;

/** A request whose project the caller holds `permission` on: 404 when unseen (or unknown), 403 below the level. */
export async function requireApprovalRequest(
  db: Db,
  actor: Actor,
  id: number,
  permission: ProjectPermission,
): Promise<CheckedApprovalRequest> {
  noteChecked('approval_request', id);
  const request = await findRequest(db, id);
  if (!request) throw new NotFoundError('No such approval request');
  const { project, level } = await requireProject(db, actor, request.projectId, permission);
  return seal('approval_request', id, { request, project, level });
}

/**
 * Reviewers named for a project: users of its account who see it (account admins and collaborators, directly or
 * through a group) and groups of its account with at least one such member. Any other id (another account's, a
 * member without access, no such record) is 400 naming the field and the ids.
 */
export async function requireReviewers(
  db: Db,
  project: ProjectRow,
  named: { userIds: readonly number[]; groupIds: readonly number[] },
  fields: { users: string; groups: string },
): Promise<{ userIds: number[]; groupIds: number[] }> {
  const userIds = [...new Set(named.userIds)];
  const groupIds = [...new Set(named.groupIds)];
  for (const id of userIds) noteChecked('user', id);
  for (const id of groupIds) noteChecked('group', id);
  const seeingUsers = new Set(await usersSeeingProject(db, project.accountId, project.id, userIds));
  const seeingGroups = new Set(await groupsSeeingProject(db, project.accountId, project.id, groupIds));
  const errors: Record<string, string[]> = {};
  const refusedUsers = userIds.filter((id) => !seeingUsers.has(id));
  const refusedGroups = groupIds.filter((id) => !seeingGroups.has(id));
  if (refusedUsers.length) errors[fields.users] = [`These users cannot see the project: ${refusedUsers.join(', ')}`];
  if (refusedGroups.length) errors[fields.groups] = [`These groups have no member who can see the project: ${refusedGroups.join(', ')}`];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { userIds, groupIds };
}

/** Reviewers to remove from a request: each must be one of its reviewers (400 naming the field otherwise). */
export function requireCurrentReviewers(
  current: readonly { userId: number | null; groupId: number | null }[],
  named: { userIds: readonly number[]; groupIds: readonly number[] },
  fields: { users: string; groups: string },
): { userIds: number[]; groupIds: number[] } {
  const users = new Set(current.map((r) => r.userId));
  const groups = new Set(current.map((r) => r.groupId));
  const userIds = [...new Set(named.userIds)];
  const groupIds = [...new Set(named.groupIds)];
  const errors: Record<string, string[]> = {};
  const strangers = userIds.filter((id) => !users.has(id));
  const strangeGroups = groupIds.filter((id) => !groups.has(id));
  if (strangers.length) errors[fields.users] = [`Not reviewers of this request: ${strangers.join(', ')}`];
  if (strangeGroups.length) errors[fields.groups] = [`Not reviewers of this request: ${strangeGroups.join(', ')}`];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  for (const id of userIds) noteChecked('user', id);
  for (const id of groupIds) noteChecked('group', id);
  return { userIds, groupIds };
}
