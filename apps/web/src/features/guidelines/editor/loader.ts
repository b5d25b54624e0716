import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { requireBrand, requireUser, routeError, routeId, toRouteError } from '../../../lib/guards';
import { type DocumentDetail, documentQuery, pageQuery } from '../documents/api';

/**
 * /brands/{brandId}/guidelines/documents/{documentId}/{pageId?}: signed in; the brand and the document exist and
 * the user may see them (the document's own answer: 403 without a level on it, 404 when it is unknown or belongs
 * to another brand); a page that is not one of the document's is not found.
 */
export function documentEditorLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await requireUser(queryClient);
    const brand = await requireBrand(queryClient, params.brandId);
    const documentId = routeId(params.documentId);
    const load = async (fresh: boolean): Promise<DocumentDetail> => {
      try {
        return await queryClient.fetchQuery({ ...documentQuery(documentId), ...(fresh ? { staleTime: 0 } : {}) });
      } catch (error) {
        throw toRouteError(error);
      }
    };
    let document = await load(false);
    if (document.brand_id !== brand.id) throw routeError(404);
    const pageId = params.pageId === undefined ? null : routeId(params.pageId);
    // A page added by someone else since the tree was loaded: ask once more before saying it is not there.
    if (pageId !== null && !document.pages.some((p) => p.id === pageId)) document = await load(true);
    if (pageId !== null && !document.pages.some((p) => p.id === pageId)) throw routeError(404);
    void queryClient.prefetchQuery(pageQuery(pageId ?? document.cover_page_id));
    return null;
  };
}
