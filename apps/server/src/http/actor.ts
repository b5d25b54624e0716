import type { AccountRole } from '@emblem/core';
import { isAdminRole } from '@emblem/core';
import { ForbiddenError, UnauthorizedError } from './errors.js';

/** Who is calling: resolved once per request by the auth plugin. */
export interface Actor {
  userId: number;
  accountId: number;
  role: AccountRole;
  via: 'session' | 'token';
  sessionId: number | null;
  tokenId: number | null;
}

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new UnauthorizedError();
  return actor;
}

export function isAdmin(actor: Actor): boolean {
  return isAdminRole(actor.role);
}

export function requireAdmin(actor: Actor | null): Actor {
  const a = requireActor(actor);
  if (!isAdmin(a)) throw new ForbiddenError('Only account admins may do this');
  return a;
}

/**
 * Managing API tokens needs a signed-in session: a token that could mint, list or revoke tokens would let whoever
 * leaked it keep access after it is revoked (security issue #9).
 */
export function requireSession(actor: Actor, what = 'API tokens can only be managed'): Actor {
  if (actor.via !== 'session') throw new ForbiddenError(`${what} when signed in, not with an API token`);
  return actor;
}
