import { type DocumentPermissions, levelAtLeast, type PortalVisibility, type ProjectLevel } from '@emblem/core';
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

/**
 * Who may read and change a guideline document (a STYLEGUIDE project) and its content. People with a project level
 * (collaborators; account admins have ADMIN) read drafts: unpublished documents, hidden pages. Everyone else whom
 * the portal's visibility admits (visitors too, for PUBLIC portals) reads published content only. EDIT (or more)
 * edits; ADMIN publishes and deletes the document.
 */
export const documentPolicy = {
  /** Whether someone without a level reads this document: published, live, and its portal admits them. */
  readerMay(
    actor: Actor | null,
    document: { published: boolean; deletedAt: Date | null },
    portal: Parameters<typeof portalPolicy.canView>[1],
  ) {
    return document.published && document.deletedAt === null && portalPolicy.canView(actor, portal);
  },
  permissions(level: ProjectLevel | null): DocumentPermissions {
    return { canEdit: levelAtLeast(level, 'EDIT'), canAdmin: levelAtLeast(level, 'ADMIN') };
  },
};
