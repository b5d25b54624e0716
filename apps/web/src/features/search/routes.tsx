import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { brandLoader } from '../brands/BrandPage';
import { SearchPage } from './SearchPage';

/** A brand's asset search (decision 0041): signed in, and the brand visible, like the brand's home. */
export function searchRoutes(queryClient: QueryClient): RouteObject[] {
  return [{ path: 'brands/:brandId/search', loader: brandLoader(queryClient), element: <SearchPage /> }];
}
