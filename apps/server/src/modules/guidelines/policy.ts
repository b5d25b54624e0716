import type { PortalVisibility } from '@emblem/core';
import { type Actor, isAdmin } from '../../http/actor.js';

/**
 * Who may see and change a guideline portal. PUBLIC portals are for anyone with the link, signed in or not;
 * ACCOUNT portals for signed-in members of the portal's account; EDITORS portals for the people who may edit it.
 * Editing (title, visibility, languages, the address token) is for account admins, as for the portal's brand.
 */
export const portalPolicy = {
  canEdit(actor: Actor | null, portal: { accountId: number }): boolean {
    return actor !== null && actor.accountId === portal.accountId && isAdmin(actor);
  },
  canView(actor: Actor | null, portal: { accountId: number; visibility: string }): boolean {
    const visibility = portal.visibility as PortalVisibility;
    if (visibility === 'PUBLIC') return true;
    if (actor === null || actor.accountId !== portal.accountId) return false;
    return visibility === 'ACCOUNT' || portalPolicy.canEdit(actor, portal);
  },
  permissions(actor: Actor | null, portal: { accountId: number }) {
    return { canEdit: portalPolicy.canEdit(actor, portal) };
  },
};
