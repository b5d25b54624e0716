import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { AdminSectionPage, adminSectionLoader } from './AdminSectionPage';

/** The admin sections (admin/{section}). */
export function adminRoutes(queryClient: QueryClient): RouteObject[] {
  return [{ path: 'admin/:section', loader: adminSectionLoader(queryClient), element: <AdminSectionPage /> }];
}
