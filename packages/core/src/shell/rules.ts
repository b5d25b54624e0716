import type { FeatureFlag } from '../accounts/enums.js';

export const ADMIN_SECTIONS = ['users', 'guidelines', 'projects', 'libraries', 'access-requests', 'groups', 'targets'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export type SectionAccess = 'allowed' | 'forbidden' | 'not-found';

/**
 * Access to an admin section: unknown values are not found;
 * access-requests needs one of its flags; groups and targets need theirs; non-admins only reach access-requests.
 */
export function adminSectionAccess(section: string, isAdmin: boolean, flags: readonly FeatureFlag[]): SectionAccess {
  if (!(ADMIN_SECTIONS as readonly string[]).includes(section)) return 'not-found';
  const has = (f: FeatureFlag) => flags.includes(f);
  if (section === 'access-requests') {
    return has('ACCESS_REQUESTS') || has('USER_PROVISIONING') || has('GROUP_PROVISIONING') ? 'allowed' : 'forbidden';
  }
  if (!isAdmin) return 'forbidden';
  if (section === 'groups' && !has('USER_GROUPS')) return 'forbidden';
  if (section === 'targets' && !has('TARGETS')) return 'forbidden';
  return 'allowed';
}

/** The feature switch that opens an admin section, if one does (access-requests also opens with provisioning). */
export function adminSectionFlag(section: string): FeatureFlag | null {
  switch (section) {
    case 'access-requests':
      return 'ACCESS_REQUESTS';
    case 'groups':
      return 'USER_GROUPS';
    case 'targets':
      return 'TARGETS';
    default:
      return null;
  }
}

/** /usage index: admins land on users, everyone else on access-requests. */
export function usageLandingTab(isAdmin: boolean): 'users' | 'access-requests' {
  return isAdmin ? 'users' : 'access-requests';
}

/** Navigation helper: these paths need a full page load. */
export function needsFullPageLoad(path: string, inStyleGuideProduct = false): boolean {
  if (inStyleGuideProduct) return true;
  const first = path.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
  return first === 'hub' || first === 'document' || first === 'd' || first === 'r';
}

/** Ids in routes are compared as numbers with the loaded context. */
export function sameId(routeValue: string | number | undefined | null, contextValue: number | undefined | null): boolean {
  if (routeValue === undefined || routeValue === null || contextValue === undefined || contextValue === null) return false;
  const n = typeof routeValue === 'number' ? routeValue : Number(routeValue);
  return Number.isFinite(n) && n === contextValue;
}

/** A referer for /auth?referer= must be a local path, never another origin. */
export function safeReferer(referer: string | null | undefined): string {
  if (!referer?.startsWith('/') || referer.startsWith('//') || referer.startsWith('/\\')) return '/';
  if (referer.startsWith('/auth')) return '/';
  return referer;
}
