import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { GuidelinesPage, guidelinesLoader } from './GuidelinesPage';

/** A brand's guideline portals. */
export function guidelinesRoutes(queryClient: QueryClient): RouteObject[] {
  return [{ path: 'brands/:brandId/guidelines', loader: guidelinesLoader(queryClient), element: <GuidelinesPage /> }];
}
