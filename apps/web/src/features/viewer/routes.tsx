import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { AuditTrailPage } from '../approvals/AuditTrailPage';
import { AssetViewerPage, assetLoader } from './AssetViewerPage';

/** The asset viewer inside a project, and its child pages. */
export function viewerRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'assets/:assetId',
      loader: assetLoader(queryClient),
      children: [
        { index: true, element: <AssetViewerPage /> },
        // spec/routes-access-shell.md §2.3: the asset's audit trail (decision 0049).
        { path: 'asset-audit-trail', element: <AuditTrailPage /> },
      ],
    },
  ];
}
