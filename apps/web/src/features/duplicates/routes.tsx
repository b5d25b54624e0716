import type { RouteObject } from 'react-router';
import { DuplicateGroupPage } from './DuplicateGroupPage';
import { DuplicatesPage } from './DuplicatesPage';

/** Inside a project: duplicate-detection and duplicate-detection/{groupId} (routes-access-shell.md §2.3). */
export function duplicateRoutes(): RouteObject[] {
  return [
    { path: 'duplicate-detection', element: <DuplicatesPage /> },
    { path: 'duplicate-detection/:groupId', element: <DuplicateGroupPage /> },
  ];
}
