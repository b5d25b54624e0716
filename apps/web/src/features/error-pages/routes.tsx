import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** The error-page builder: admins; the dashboard id is the account's id (docs/decisions/0011). */
export function errorPageRoutes(queryClient: QueryClient): RouteObject[] {
  return (['403', '404'] as const).map((code) => ({
    path: `errorpagebuilder/:dashboardId/${code}`,
    lazy: async () => {
      const { ErrorPageBuilderPage, errorPageBuilderLoader } = await import('./ErrorPageBuilderPage');
      return { loader: errorPageBuilderLoader(queryClient, code), element: <ErrorPageBuilderPage code={code} /> };
    },
  }));
}
