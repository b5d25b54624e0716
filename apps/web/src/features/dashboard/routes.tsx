import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** The home page: the account's brands; the page loads with its route. */
export function dashboardRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      index: true,
      lazy: async () => {
        const { DashboardPage, dashboardLoader } = await import('./DashboardPage');
        return { loader: dashboardLoader(queryClient), Component: DashboardPage };
      },
    },
  ];
}
