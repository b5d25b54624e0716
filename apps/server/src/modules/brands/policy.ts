import { type Actor, isAdmin } from '../../http/actor.js';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';

/** Who may do what to a brand. Brands of other accounts do not exist for the caller. */
export const brandPolicy = {
  permissions(actor: Actor) {
    return { canEdit: isAdmin(actor), canDelete: isAdmin(actor) };
  },
  assertView(actor: Actor, brand: { accountId: number }) {
    if (brand.accountId !== actor.accountId) throw new NotFoundError();
  },
  assertCreate(actor: Actor) {
    if (!isAdmin(actor)) throw new ForbiddenError('Only account admins may create brands');
  },
  assertEdit(actor: Actor, brand: { accountId: number }) {
    brandPolicy.assertView(actor, brand);
    if (!isAdmin(actor)) throw new ForbiddenError('Only account admins may change brands');
  },
  assertDelete(actor: Actor, brand: { accountId: number }) {
    brandPolicy.assertView(actor, brand);
    if (!isAdmin(actor)) throw new ForbiddenError('Only account admins may delete brands');
  },
};
