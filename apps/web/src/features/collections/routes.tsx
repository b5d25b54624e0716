import type { RouteObject } from 'react-router';
import { CollectionsPage } from './CollectionsPage';

/** Inside a project: collections/{collectionId?} (routes-access-shell.md §2.3). */
export function collectionRoutes(): RouteObject[] {
  return [{ path: 'collections/:collectionId?', element: <CollectionsPage /> }];
}
