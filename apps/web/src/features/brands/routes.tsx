import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { BrandPage, brandLoader, brandSettingsLoader } from './BrandPage';

/** A brand's home page, and its settings (decision 0027). */
export function brandRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'brands/:brandId', loader: brandLoader(queryClient), element: <BrandPage tab="home" /> },
    { path: 'brands/:brandId/settings', loader: brandSettingsLoader(queryClient), element: <BrandPage tab="settings" /> },
  ];
}
