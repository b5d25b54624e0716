import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** The login-page builder: signed in; the index is the builder, preview the full page (docs/decisions/0011). */
export function loginPageRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'loginpagebuilder',
      lazy: async () => ({ loader: (await import('./LoginPageBuilderPage')).loginPageBuilderLoader(queryClient) }),
      children: [
        { index: true, lazy: async () => ({ Component: (await import('./LoginPageBuilderPage')).LoginPageBuilderPage }) },
        { path: 'preview', lazy: async () => ({ Component: (await import('./LoginPagePreviewPage')).LoginPagePreviewPage }) },
      ],
    },
  ];
}
