import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { UsagePage, usageIndexLoader, usageTabLoader } from './UsagePage';

/** Usage: /usage redirects to the caller's first tab; /usage/{tabId} shows one. */
export function usageRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'usage',
      children: [
        // Always redirects; the empty element only tells React Router that nothing renders here.
        { index: true, loader: usageIndexLoader(queryClient), element: null },
        { path: ':tabId', loader: usageTabLoader(queryClient), element: <UsagePage /> },
      ],
    },
  ];
}
