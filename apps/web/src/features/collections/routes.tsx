import type { RouteObject } from 'react-router';

/** Inside a project: collections/{collectionId?} (routes-access-shell.md §2.3); the page loads with its route. */
export function collectionRoutes(): RouteObject[] {
  return [{ path: 'collections/:collectionId?', lazy: async () => ({ Component: (await import('./CollectionsPage')).CollectionsPage }) }];
}
