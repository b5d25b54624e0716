import { type Actor, isAdmin } from '../../http/actor.js';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';

/** Members see and file their own requests; admins see and decide all of their account's. */
export const accessRequestPolicy = {
  seesAll(actor: Actor) {
    return isAdmin(actor);
  },
  assertView(actor: Actor, req: { accountId: number; userId: number }) {
    if (req.accountId !== actor.accountId || (!isAdmin(actor) && req.userId !== actor.userId)) throw new NotFoundError();
  },
  assertDecide(actor: Actor, req: { accountId: number; userId: number }) {
    accessRequestPolicy.assertView(actor, req);
    if (!isAdmin(actor)) throw new ForbiddenError('Only account admins may decide access requests');
  },
};
