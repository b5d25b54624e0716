import type { RouteObject } from 'react-router';

/** Inside a project: duplicate-detection and duplicate-detection/{groupId} (routes-access-shell.md §2.3). */
export function duplicateRoutes(): RouteObject[] {
  return [
    { path: 'duplicate-detection', lazy: async () => ({ Component: (await import('./DuplicatesPage')).DuplicatesPage }) },
    { path: 'duplicate-detection/:groupId', lazy: async () => ({ Component: (await import('./DuplicateGroupPage')).DuplicateGroupPage }) },
  ];
}
