import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/**
 * The asset viewer inside a project and its child pages: comparerevision and asset-audit-trail (spec
 * routes-access-shell §2.3). Each page loads with its route.
 */
export function viewerRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'assets/:assetId',
      lazy: async () => ({ loader: (await import('./AssetViewerPage')).assetLoader(queryClient) }),
      children: [
        { index: true, lazy: async () => ({ Component: (await import('./AssetViewerPage')).AssetViewerPage }) },
        {
          path: 'comparerevision',
          lazy: async () => ({ Component: (await import('../comments/CompareRevisionsPage')).CompareRevisionsPage }),
        },
        // spec/routes-access-shell.md §2.3: the asset's audit trail (decision 0049).
        { path: 'asset-audit-trail', lazy: async () => ({ Component: (await import('../approvals/AuditTrailPage')).AuditTrailPage }) },
      ],
    },
  ];
}
