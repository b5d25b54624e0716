import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { ForbiddenError, NotFoundError } from '../http/errors.js';
import { portalPolicy } from '../modules/guidelines/policy.js';
import { findPortal, findPortalByToken, type PortalRow, portalsByIds } from '../modules/guidelines/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';

/**
 * Guideline portals: visible ones are read by anyone the visibility admits (visitors included, for PUBLIC ones);
 * an invisible one does not exist for the caller (404); changing one that is visible needs edit rights (403).
 */
export type PortalPermission = 'portal.view' | 'portal.edit';

function check(actor: Actor | null, portal: PortalRow | null, permission: PortalPermission): PortalRow {
  if (!portal || !portalPolicy.canView(actor, portal)) throw new NotFoundError();
  if (permission === 'portal.edit' && !portalPolicy.canEdit(actor, portal))
    throw new ForbiddenError('Only account admins may change portals');
  return portal;
}

export async function requirePortal(
  db: Db,
  actor: Actor | null,
  id: number,
  permission: PortalPermission,
): Promise<Checked<'portal', PortalRow>> {
  noteChecked('portal', id);
  return seal('portal', id, check(actor, await findPortal(db, id), permission));
}

/** The portal of a `/d/{token}` address; the token grants no more than the portal's visibility. */
export async function requirePortalByToken(db: Db, actor: Actor | null, token: string): Promise<Checked<'portal', PortalRow>> {
  const portal = check(actor, await findPortalByToken(db, token), 'portal.view');
  return seal('portal', portal.id, portal);
}

/** The portals of `ids` the caller may see; the others are left out (each id counts as answered). */
export async function visiblePortals(db: Db, actor: Actor | null, ids: number[]): Promise<Checked<'portal', PortalRow>[]> {
  for (const id of ids) noteChecked('portal', id);
  return (await portalsByIds(db, ids)).filter((p) => portalPolicy.canView(actor, p)).map((p) => seal('portal', p.id, p));
}
