import type { RouteObject } from 'react-router';
import { ShareAssetLinkPage, ShareCollectionPage } from './ShareAssetsPage';
import { ShareFolderPage } from './ShareFolderPage';
import { ShareLinkLayout, ShareMissingToken, ShareNotFound, ShareRedirect } from './ShareLink';
import { ShareViewerPage } from './ShareViewerPage';

/**
 * The pages share-link visitors see, without an account (routes-access-shell.md §2.6, decision 0030): /share/{token}
 * looks the link up and redirects to its folder, collection or asset(s); the sub-routes show them and the viewer.
 */
export function shareVisitorRoutes(): RouteObject[] {
  return [
    {
      path: 'share',
      children: [
        { index: true, element: <ShareMissingToken /> },
        {
          path: ':token',
          element: <ShareLinkLayout />,
          children: [
            { index: true, element: <ShareRedirect /> },
            { path: 'folders/:folderId', element: <ShareFolderPage /> },
            { path: 'folders/:folderId/assets/:assetId', element: <ShareViewerPage /> },
            { path: 'collections/:collectionId', element: <ShareCollectionPage /> },
            { path: 'collections/:collectionId/assets/:assetId', element: <ShareViewerPage /> },
            { path: 'assets', element: <ShareAssetLinkPage /> },
            { path: 'assets/:assetId', element: <ShareViewerPage /> },
            { path: '*', element: <ShareNotFound /> },
          ],
        },
      ],
    },
  ];
}
