import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { AssetViewerPage, assetLoader } from './AssetViewerPage';

/** The asset viewer inside a project. */
export function viewerRoutes(queryClient: QueryClient): RouteObject[] {
  return [{ path: 'assets/:assetId', loader: assetLoader(queryClient), element: <AssetViewerPage /> }];
}
