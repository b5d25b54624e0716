import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { ErrorPageBuilderPage, errorPageBuilderLoader } from './ErrorPageBuilderPage';

/** The error-page builder: admins; the dashboard id is the account's id (docs/decisions/0011). */
export function errorPageRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'errorpagebuilder/:dashboardId/403',
      loader: errorPageBuilderLoader(queryClient, '403'),
      element: <ErrorPageBuilderPage code="403" />,
    },
    {
      path: 'errorpagebuilder/:dashboardId/404',
      loader: errorPageBuilderLoader(queryClient, '404'),
      element: <ErrorPageBuilderPage code="404" />,
    },
  ];
}
