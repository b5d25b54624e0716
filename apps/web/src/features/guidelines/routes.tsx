import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { documentEditorLoader } from './editor/loader';
import { GuidelinesPage, guidelinesLoader } from './GuidelinesPage';

/** A brand's guideline portals, and the document editor (loaded on demand: it brings Tiptap and the toolkit). */
export function guidelinesRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'brands/:brandId/guidelines', loader: guidelinesLoader(queryClient), element: <GuidelinesPage /> },
    {
      path: 'brands/:brandId/guidelines/documents/:documentId/:pageId?',
      loader: documentEditorLoader(queryClient),
      lazy: async () => ({ Component: (await import('./editor/DocumentEditorPage')).DocumentEditorPage }),
    },
  ];
}
