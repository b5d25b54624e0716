import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { LibraryPage } from './LibraryPage';
import { folderLoader } from './loaders';

/** The library browser inside a project: its root (index) and folders/{setId}. */
export function libraryRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { index: true, element: <LibraryPage /> },
    { path: 'folders/:setId', loader: folderLoader(queryClient), element: <LibraryPage /> },
  ];
}
