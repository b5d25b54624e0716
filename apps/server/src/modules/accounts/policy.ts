import type { AccountRole } from '@emblem/core';
import { type Actor, isAdmin } from '../../http/actor.js';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';

/** Who may do what to an account and its members. */
export const accountPolicy = {
  /** Members read their own account; nobody reads another. */
  assertView(actor: Actor, accountId: number) {
    if (actor.accountId !== accountId) throw new NotFoundError();
  },
  assertManage(actor: Actor) {
    if (!isAdmin(actor)) throw new ForbiddenError('Only account admins may do this');
  },
  /** Only owners grant or take the OWNER role; admins manage the rest. */
  assertChangeRole(actor: Actor, from: AccountRole, to: AccountRole) {
    accountPolicy.assertManage(actor);
    if ((from === 'OWNER' || to === 'OWNER') && actor.role !== 'OWNER') {
      throw new ForbiddenError('Only owners may grant or take the owner role');
    }
  },
  assertRemove(actor: Actor, target: { id: number; role: AccountRole }) {
    accountPolicy.assertManage(actor);
    if (target.id === actor.userId) throw new ForbiddenError('You cannot remove yourself');
    if (target.role === 'OWNER' && actor.role !== 'OWNER') throw new ForbiddenError('Only owners may remove an owner');
  },
};
