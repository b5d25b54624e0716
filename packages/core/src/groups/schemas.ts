import { z } from 'zod';
import { projectLevelSchema } from '../projects/schemas.js';
import { refId } from '../shared/idSchemas.js';

/**
 * User groups (admin section "groups", behind the USER_GROUPS flag) and groups as project collaborators.
 * Request schemas shared by the server (validation at the edge) and the web app (forms).
 */

export const GROUP_NAME_MAX = 120;
export const GROUP_MEMBERS_MAX = 1000;

export const groupNameSchema = z.string({ error: 'Must be a string' }).trim().min(1, 'Is required').max(GROUP_NAME_MAX, 'Is too long');

/** The settings toolkit adds the interface language to every save; it is accepted and ignored. */
const i18n = z.string({ error: 'Must be a string' }).max(16, 'Is too long').optional();

export const createGroupBodySchema = z.object({ name: groupNameSchema, i18n }).strict();
export const renameGroupBodySchema = z.object({ name: groupNameSchema, i18n }).strict();

const idList = z.array(refId('user'), { error: 'Must be a list of ids' }).max(GROUP_MEMBERS_MAX, `At most ${GROUP_MEMBERS_MAX} ids`);
const groupList = z.array(refId('group'), { error: 'Must be a list of ids' }).max(GROUP_MEMBERS_MAX, `At most ${GROUP_MEMBERS_MAX} ids`);
const selection = z.object({ users: idList.default([]), groups: groupList.default([]) }).strict();

/**
 * PUT /api/groups/{id}/members: either `user_ids` (the whole member list) or the toolkit's user-list value
 * (`selection`, `selectionDelta`): `selectionDelta` (add and remove) is applied when present, else `selection.users`
 * becomes the member list. Groups cannot be members of a group.
 */
export const groupMembersBodySchema = z
  .object({
    user_ids: idList.optional(),
    selection: selection.optional(),
    selectionDelta: z.object({ add: selection, remove: selection }).strict().optional(),
    i18n,
  })
  .strict()
  .refine((v) => v.user_ids !== undefined || v.selection !== undefined || v.selectionDelta !== undefined, {
    message: 'Give user_ids or a selection',
    path: ['user_ids'],
  })
  .refine(
    (v) =>
      (v.selection?.groups.length ?? 0) + (v.selectionDelta?.add.groups.length ?? 0) + (v.selectionDelta?.remove.groups.length ?? 0) === 0,
    {
      message: 'Groups cannot be members of a group',
      path: ['selection'],
    },
  );
export type GroupMembersBody = z.infer<typeof groupMembersBodySchema>;

export const projectGroupParamsSchema = z.object({ id: refId('project'), groupId: refId('group') }).strict();
export const setProjectGroupBodySchema = z.object({ level: projectLevelSchema }).strict();

/** GET /api/project/{id}/users?groups=true answers `{users, groups}` instead of the list of users. */
export const projectUsersQuerySchema = z
  .object({
    groups: z
      .enum(['true', 'false', '1', '0'], { error: 'Must be true or false' })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  })
  .strict();

/** The member ids after a members request, from the current ones (pure; the server checks the ids). */
export function nextGroupMembers(current: readonly number[], body: GroupMembersBody): number[] {
  if (body.selectionDelta) {
    const removed = new Set(body.selectionDelta.remove.users);
    const next = current.filter((id) => !removed.has(id));
    for (const id of body.selectionDelta.add.users) if (!removed.has(id) && !next.includes(id)) next.push(id);
    return next;
  }
  return [...new Set(body.user_ids ?? body.selection?.users ?? [])];
}
