import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { brandLoader } from '../brands/loaders';

/** A brand's asset search (decision 0041): signed in, and the brand visible, like the brand's home. */
export function searchRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'brands/:brandId/search',
      loader: brandLoader(queryClient),
      lazy: async () => ({ Component: (await import('./SearchPage')).SearchPage }),
    },
  ];
}
