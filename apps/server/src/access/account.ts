import type { Db } from '../db/client.js';
import { type Actor, isAdmin } from '../http/actor.js';
import { ForbiddenError, NotFoundError } from '../http/errors.js';
import { type AccountRow, findAccount, findMember } from '../modules/accounts/queries.js';
import { brandPolicy } from '../modules/brands/policy.js';
import { type BrandRow, findBrand } from '../modules/brands/queries.js';
import { groupPolicy } from '../modules/groups/policy.js';
import { findGroup, type GroupWithMembers } from '../modules/groups/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';

/** Records of the account itself: only its members see them; another account's records do not exist (404). */

/** The caller's own account (the actor names it; it is gone only if deleted meanwhile: 404). */
export async function loadAccount(db: Db, actor: Actor): Promise<AccountRow> {
  const row = await findAccount(db, actor.accountId);
  if (!row) throw new NotFoundError();
  return row;
}

export type AccountPermission = 'account.view';
export function requireAccount(
  actor: Actor,
  accountId: number,
  _permission: AccountPermission,
  refuse: () => Error = () => new ForbiddenError('You are not a member of this account'),
): Checked<'account', { id: number }> {
  noteChecked('account', accountId);
  if (accountId !== actor.accountId) throw refuse();
  return seal('account', accountId, { id: accountId });
}

export type BrandPermission = 'brand.view' | 'brand.edit' | 'brand.delete';
export async function requireBrand(db: Db, actor: Actor, id: number, permission: BrandPermission): Promise<Checked<'brand', BrandRow>> {
  noteChecked('brand', id);
  const brand = await findBrand(db, id, actor.userId);
  if (!brand) throw new NotFoundError();
  if (permission === 'brand.edit') brandPolicy.assertEdit(actor, brand);
  else if (permission === 'brand.delete') brandPolicy.assertDelete(actor, brand);
  else brandPolicy.assertView(actor, brand);
  return seal('brand', id, brand);
}

export type GroupPermission = 'group.view' | 'group.manage';
export async function requireGroup(
  db: Db,
  actor: Actor,
  id: number,
  permission: GroupPermission,
  notFound?: string,
): Promise<Checked<'group', GroupWithMembers>> {
  noteChecked('group', id);
  if (permission === 'group.manage') groupPolicy.assertManage(actor);
  const group = await findGroup(db, id);
  if (!group || group.accountId !== actor.accountId) throw new NotFoundError(notFound);
  return seal('group', id, group);
}

/** `user.view`: a member of the caller's account; `user.manage`: that, and the caller administers the account. */
export type UserPermission = 'user.view' | 'user.manage';
type Member = NonNullable<Awaited<ReturnType<typeof findMember>>>;
export async function requireMember(
  db: Db,
  actor: Actor,
  userId: number,
  permission: UserPermission,
  notFound = 'No such user in this account',
): Promise<Checked<'user', Member>> {
  noteChecked('user', userId);
  if (permission === 'user.manage' && !isAdmin(actor)) throw new ForbiddenError('Only account admins may do this');
  const member = await findMember(db, actor.accountId, userId);
  if (!member) throw new NotFoundError(notFound);
  return seal('user', userId, member);
}

/**
 * Several users named at once (group members): the operation verified in one query that each is a member of the
 * caller's account (or, for removals, only touches rows of a group already checked); this records it.
 */
export function usersChecked(ids: Iterable<number>): void {
  for (const id of ids) noteChecked('user', id);
}
