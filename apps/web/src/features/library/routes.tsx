import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { LibraryPage } from './LibraryPage';
import { folderLoader } from './loaders';
import { TrashPage } from './TrashPage';

/** The library browser inside a project: its root (index), folders/{setId}, and its trash. */
export function libraryRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { index: true, element: <LibraryPage /> },
    { path: 'folders/:setId', loader: folderLoader(queryClient), element: <LibraryPage /> },
    { path: 'trash', element: <TrashPage /> },
  ];
}
