import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import { usersSeeingProject } from '../modules/approvals/queries.js';
import type { AssetRow } from '../modules/assets/queries.js';
import { type CommentRow, findComment } from '../modules/comments/queries.js';
import { type AssetPermission, requireAsset } from './assets.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import type { ProjectAccess } from './projects.js';

/** Comments take their permissions from their asset (decision 0046): VIEW reads, COMMENT writes, ADMIN deletes others'. */
export type CheckedComment = Checked<'comment', ProjectAccess & { comment: CommentRow; asset: AssetRow }>;

/** A comment whose asset the caller holds `permission` on: 404 when unseen (or its asset is in the trash), 403 when below. */
export async function requireComment(db: Db, actor: Actor, id: number, permission: AssetPermission): Promise<CheckedComment> {
  noteChecked('comment', id);
  const comment = await findComment(db, id);
  if (!comment) throw new NotFoundError();
  const { asset, project, level } = await requireAsset(db, actor, comment.assetId, permission);
  return seal('comment', id, { comment, asset, project, level });
}

/** Those of `userIds` who see `asset`: account admins and members with a level on its project. */
export async function usersWhoSee(db: Db, asset: Pick<AssetRow, 'accountId' | 'projectId'>, userIds: readonly number[]): Promise<number[]> {
  return usersSeeingProject(db, asset.accountId, asset.projectId, [...new Set(userIds)]);
}

/**
 * Users a comment may mention, or who may be assigned work on an asset or a project (decision 0048): each must see
 * the asset (an account admin, or a member with a level on its project). Any other id (another account's user, a member without access, no user) is 400 naming them all.
 */
export async function requireMentionable(
  db: Db,
  asset: Pick<AssetRow, 'accountId' | 'projectId'>,
  userIds: readonly number[],
  field: string,
): Promise<number[]> {
  const ids = [...new Set(userIds)];
  const seeing = new Set(await usersWhoSee(db, asset, ids));
  for (const id of seeing) noteChecked('user', id);
  const refused = ids.filter((id) => !seeing.has(id));
  if (refused.length) throw new ValidationError({ [field]: [`These users cannot see the asset: ${refused.join(', ')}`] });
  return ids;
}
