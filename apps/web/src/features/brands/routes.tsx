import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { BrandPage, brandLoader } from './BrandPage';

/** A brand's home page. */
export function brandRoutes(queryClient: QueryClient): RouteObject[] {
  return [{ path: 'brands/:brandId', loader: brandLoader(queryClient), element: <BrandPage /> }];
}
