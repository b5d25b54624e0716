import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { brandLoader } from '../brands/loaders';

/** The brand's custom metadata (routes-access-shell.md §2.2): visible to whoever sees the brand. */
export function metadataBrandRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'brands/:brandId/custom-metadata-property-management',
      loader: brandLoader(queryClient),
      lazy: async () => ({ Component: (await import('./PropertyManagementPage')).BrandPropertiesPage }),
    },
  ];
}

/** Inside a project (§2.3): the properties the library uses; the project's loader checks access. */
export function metadataProjectRoutes(): RouteObject[] {
  return [
    {
      path: 'custom-metadata-property-management',
      lazy: async () => ({ Component: (await import('./PropertyManagementPage')).ProjectPropertiesPage }),
    },
  ];
}
