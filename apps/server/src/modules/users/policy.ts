import type { Actor } from '../../http/actor.js';

/** Users see the profiles of people in their own account; anyone else does not exist for them. */
export const userPolicy = {
  canView(actor: Actor, target: { accountId: number }): boolean {
    return actor.accountId === target.accountId;
  },
};
