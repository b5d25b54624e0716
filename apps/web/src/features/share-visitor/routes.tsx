import type { RouteObject } from 'react-router';

const viewerPage = async () => ({ Component: (await import('./ShareViewerPage')).ShareViewerPage });

/**
 * The pages share-link visitors see, without an account (routes-access-shell.md §2.6, decision 0030): /share/{token}
 * looks the link up and redirects to its folder, collection or asset(s); the sub-routes show them and the viewer.
 * Each page loads with its route.
 */
export function shareVisitorRoutes(): RouteObject[] {
  return [
    {
      path: 'share',
      children: [
        { index: true, lazy: async () => ({ Component: (await import('./ShareLink')).ShareMissingToken }) },
        {
          path: ':token',
          lazy: async () => ({ Component: (await import('./ShareLink')).ShareLinkLayout }),
          children: [
            { index: true, lazy: async () => ({ Component: (await import('./ShareLink')).ShareRedirect }) },
            { path: 'folders/:folderId', lazy: async () => ({ Component: (await import('./ShareFolderPage')).ShareFolderPage }) },
            { path: 'folders/:folderId/assets/:assetId', lazy: viewerPage },
            {
              path: 'collections/:collectionId',
              lazy: async () => ({ Component: (await import('./ShareAssetsPage')).ShareCollectionPage }),
            },
            { path: 'collections/:collectionId/assets/:assetId', lazy: viewerPage },
            { path: 'assets', lazy: async () => ({ Component: (await import('./ShareAssetsPage')).ShareAssetLinkPage }) },
            { path: 'assets/:assetId', lazy: viewerPage },
            { path: '*', lazy: async () => ({ Component: (await import('./ShareLink')).ShareNotFound }) },
          ],
        },
      ],
    },
  ];
}
