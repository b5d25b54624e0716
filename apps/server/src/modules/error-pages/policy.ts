import { type Actor, isAdmin } from '../../http/actor.js';
import { ForbiddenError } from '../../http/errors.js';

/** Who may change the pages an account shows to everyone (error pages, the sign-in page): its admins. */
export const pageSettingsPolicy = {
  assertEdit(actor: Actor) {
    if (!isAdmin(actor)) throw new ForbiddenError('Only account admins may change these pages');
  },
};
