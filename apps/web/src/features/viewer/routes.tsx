import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { CompareRevisionsPage } from '../comments/CompareRevisionsPage';
import { AssetViewerPage, assetLoader } from './AssetViewerPage';

/** The asset viewer inside a project, and its comparerevision child (spec routes-access-shell §2.3). */
export function viewerRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'assets/:assetId',
      loader: assetLoader(queryClient),
      children: [
        { index: true, element: <AssetViewerPage /> },
        { path: 'comparerevision', element: <CompareRevisionsPage /> },
      ],
    },
  ];
}
