import { type AdminSection, adminSectionAccess, adminSectionFlag } from '@emblem/core';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { featureOffError, requireUser, routeError } from '../../lib/guards';
import { AdminUsersPage, adminUsersPrefetch } from '../admin-users/AdminUsersPage';
import { GroupsPage, groupsPrefetch } from '../groups/GroupsPage';
import { AdminGuidelinesPage, adminGuidelinesPrefetch } from '../guidelines/admin/AdminGuidelinesPage';
import { AccessRequestsPage, accessRequestsPrefetch } from '../usage/AccessRequestsPage';

interface SectionScreen {
  Component: ComponentType;
  prefetch?: (queryClient: QueryClient) => Promise<void>;
}

/**
 * Admin sections with a screen. Sections the access rule allows but that are not built yet are not routed:
 * they fall to the not-found page like any unknown address.
 */
export const ADMIN_SECTION_SCREENS: Partial<Record<AdminSection, SectionScreen>> = {
  users: { Component: AdminUsersPage, prefetch: adminUsersPrefetch },
  groups: { Component: GroupsPage, prefetch: groupsPrefetch },
  guidelines: { Component: AdminGuidelinesPage, prefetch: adminGuidelinesPrefetch },
  'access-requests': { Component: AccessRequestsPage, prefetch: accessRequestsPrefetch },
};

/** /admin/{section}: unknown → 404; not allowed for this user or account → 403. */
export function adminSectionLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const session = await requireUser(queryClient);
    const section = params.section ?? '';
    const access = adminSectionAccess(section, session.account.is_admin, session.account.feature_flags);
    if (access === 'not-found') throw routeError(404);
    if (access === 'forbidden') {
      // Closed by a switch the account has off (not by the user's role): the page names the switch.
      const flag = adminSectionFlag(section);
      const roleAllows = session.account.is_admin || section === 'access-requests';
      throw flag && roleAllows ? featureOffError(flag) : routeError(403);
    }
    const screen = ADMIN_SECTION_SCREENS[section as AdminSection];
    if (!screen) throw routeError(404);
    await screen.prefetch?.(queryClient);
    return null;
  };
}

export function AdminSectionPage() {
  const { section } = useParams();
  const screen = ADMIN_SECTION_SCREENS[section as AdminSection];
  if (!screen) throw routeError(404);
  return <screen.Component />;
}
