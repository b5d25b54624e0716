import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { DashboardPage, dashboardLoader } from './DashboardPage';

/** The home page: the account's brands. */
export function dashboardRoutes(queryClient: QueryClient): RouteObject[] {
  return [{ index: true, loader: dashboardLoader(queryClient), element: <DashboardPage /> }];
}
