import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { LoginPageBuilderPage, loginPageBuilderLoader } from './LoginPageBuilderPage';
import { LoginPagePreviewPage } from './LoginPagePreviewPage';

/** The login-page builder: signed in; the index is the builder, preview the full page (docs/decisions/0011). */
export function loginPageRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'loginpagebuilder',
      loader: loginPageBuilderLoader(queryClient),
      children: [
        { index: true, element: <LoginPageBuilderPage /> },
        { path: 'preview', element: <LoginPagePreviewPage /> },
      ],
    },
  ];
}
