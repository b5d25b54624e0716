import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { folderLoader } from './loaders';

const libraryPage = async () => ({ Component: (await import('./LibraryPage')).LibraryPage });

/** The library browser inside a project: its root (index), folders/{setId}, and its trash; pages load with their route. */
export function libraryRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { index: true, lazy: libraryPage },
    { path: 'folders/:setId', loader: folderLoader(queryClient), lazy: libraryPage },
    { path: 'trash', lazy: async () => ({ Component: (await import('./TrashPage')).TrashPage }) },
  ];
}
