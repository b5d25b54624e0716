import { ADMIN_SECTIONS, adminSectionAccess, type FeatureFlag } from '@emblem/core';
import { loadAccount } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { type Actor, isAdmin } from '../../http/actor.js';
import { listBrands } from '../brands/public.js';

/** Admin sections that have a screen today; the web app routes exactly these. */
export const BUILT_ADMIN_SECTIONS = ['users', 'groups'] as const;

/** What the user's navigation shows: their account, brands and the sections they may open. */
export async function userNavigation(db: Db, actor: Actor) {
  const account = await loadAccount(db, actor);
  const flags = account.featureFlags as FeatureFlag[];
  const admin = isAdmin(actor);
  const sections = ADMIN_SECTIONS.filter(
    (s) => (BUILT_ADMIN_SECTIONS as readonly string[]).includes(s) && adminSectionAccess(s, admin, flags) === 'allowed',
  ).map((s) => ({ id: s, path: `/admin/${s}` }));
  return {
    account: { id: account.id, name: account.name },
    is_admin: admin,
    brands: await listBrands(db, actor),
    sections: [{ id: 'dashboard', path: '/' }, { id: 'usage', path: '/usage' }, ...sections],
  };
}
