import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** The admin sections (admin/{section}); the page loads with its route. */
export function adminRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'admin/:section',
      lazy: async () => {
        const { AdminSectionPage, adminSectionLoader } = await import('./AdminSectionPage');
        return { loader: adminSectionLoader(queryClient), Component: AdminSectionPage };
      },
    },
  ];
}
