import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** Usage: /usage redirects to the caller's first tab; /usage/{tabId} shows one (the page loads with its route). */
export function usageRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'usage',
      children: [
        // Always redirects; the empty element only tells React Router that nothing renders here.
        { index: true, lazy: async () => ({ loader: (await import('./UsagePage')).usageIndexLoader(queryClient) }), element: null },
        {
          path: ':tabId',
          lazy: async () => {
            const { UsagePage, usageTabLoader } = await import('./UsagePage');
            return { loader: usageTabLoader(queryClient), Component: UsagePage };
          },
        },
      ],
    },
  ];
}
