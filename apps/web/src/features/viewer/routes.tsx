import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { AuditTrailPage } from '../approvals/AuditTrailPage';
import { CompareRevisionsPage } from '../comments/CompareRevisionsPage';
import { AssetViewerPage, assetLoader } from './AssetViewerPage';

/** The asset viewer inside a project and its child pages: comparerevision and asset-audit-trail (spec routes-access-shell §2.3). */
export function viewerRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'assets/:assetId',
      loader: assetLoader(queryClient),
      children: [
        { index: true, element: <AssetViewerPage /> },
        { path: 'comparerevision', element: <CompareRevisionsPage /> },
        // spec/routes-access-shell.md §2.3: the asset's audit trail (decision 0049).
        { path: 'asset-audit-trail', element: <AuditTrailPage /> },
      ],
    },
  ];
}
