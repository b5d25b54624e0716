import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { brandLoader, brandSettingsLoader } from './loaders';

/** A brand's home page, and its settings (decision 0027); the page loads with its route. */
export function brandRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'brands/:brandId',
      loader: brandLoader(queryClient),
      lazy: async () => {
        const { BrandPage } = await import('./BrandPage');
        return { element: <BrandPage tab="home" /> };
      },
    },
    {
      path: 'brands/:brandId/settings',
      loader: brandSettingsLoader(queryClient),
      lazy: async () => {
        const { BrandPage } = await import('./BrandPage');
        return { element: <BrandPage tab="settings" /> };
      },
    },
  ];
}
