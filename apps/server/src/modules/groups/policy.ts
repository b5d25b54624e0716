import type { Actor } from '../../http/actor.js';
import { isAdmin } from '../../http/actor.js';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';

export const USER_GROUPS_DISABLED = 'User groups are not enabled for this account (feature flag USER_GROUPS)';

/**
 * Who may do what to user groups: every member of an account with the USER_GROUPS flag lists its groups (the
 * user/group pickers need them); account admins create, rename, delete them and choose their members. Another
 * account's group does not exist for the caller (404).
 */
export const groupPolicy = {
  assertFeature(flags: readonly string[]) {
    if (!flags.includes('USER_GROUPS')) throw new ForbiddenError(USER_GROUPS_DISABLED);
  },
  assertManage(actor: Actor) {
    if (!isAdmin(actor)) throw new ForbiddenError('Only account admins may manage user groups');
  },
  assertView(actor: Actor, group: { accountId: number }) {
    if (group.accountId !== actor.accountId) throw new NotFoundError();
  },
  permissions(actor: Actor) {
    const manage = isAdmin(actor);
    return { canEdit: manage, canDelete: manage };
  },
};
