import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { documentEditorLoader } from './editor/loader';

/** A brand's guideline portals, and the document editor (it brings Tiptap and the toolkit); each loads with its route. */
export function guidelinesRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'brands/:brandId/guidelines',
      lazy: async () => {
        const { GuidelinesPage, guidelinesLoader } = await import('./GuidelinesPage');
        return { loader: guidelinesLoader(queryClient), Component: GuidelinesPage };
      },
    },
    {
      path: 'brands/:brandId/guidelines/documents/:documentId/:pageId?',
      loader: documentEditorLoader(queryClient),
      lazy: async () => ({ Component: (await import('./editor/DocumentEditorPage')).DocumentEditorPage }),
    },
  ];
}
