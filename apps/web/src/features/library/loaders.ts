import { sameId } from '@emblem/core';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';
import { requireUser, routeError, routeId, toRouteError } from '../../lib/guards';
import { type FolderNode, findFolder, folderTreeQuery } from '../../toolkit/folders';
import { brandQuery } from '../brands/api';
import { type ProjectContext, projectQuery } from '../projects/api';

/**
 * Whether the screen at this address shows a skeleton while its project loads and checks the project itself
 * (`useAddressedProject`): the library and the viewer. The project's settings wait here for the check.
 */
function screenChecksProject(request: Request, params: Params): boolean {
  const base = `/brands/${params.brandId}/projects/${params.projectId}`;
  const rest = new URL(request.url).pathname.slice(base.length);
  return !/^\/settings(\/|$)/.test(rest);
}

/**
 * /brands/{brandId}/projects/{projectId}/…: signed in; the project exists (404) and is visible (403 from the
 * server); its brand is the one in the address, compared as numbers, so a project opened under another brand is 404.
 * A project not loaded before is not waited for by the library and the viewer: they show their skeleton at once
 * (a slow network otherwise keeps the previous page on screen) and make the same checks when it arrives.
 */
export function projectLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<ProjectContext | null> => {
    await requireUser(queryClient);
    const brandId = routeId(params.brandId);
    const projectId = routeId(params.projectId);
    // The brand's name is only for the breadcrumbs: not waited for, and its failure is not the page's.
    void queryClient.prefetchQuery(brandQuery(brandId));
    if (!queryClient.getQueryData(projectQuery(projectId).queryKey) && screenChecksProject(request, params)) {
      void queryClient.prefetchQuery(projectQuery(projectId));
      return null;
    }
    let project: ProjectContext;
    try {
      project = await queryClient.fetchQuery(projectQuery(projectId));
    } catch (error) {
      throw toRouteError(error);
    }
    if (!sameId(params.projectId, project.id) || !sameId(params.brandId, project.brand_id)) throw routeError(404);
    return project;
  };
}

/**
 * …/folders/{setId}: the folder is one of the project's (else 404). A tree not loaded before is not waited for:
 * the library shows its skeleton and then the folder, or the not-found page.
 */
export function folderLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs): Promise<null> => {
    const projectId = routeId(params.projectId);
    const setId = routeId(params.setId);
    const cached = queryClient.getQueryData<FolderNode>(folderTreeQuery(projectId).queryKey);
    if (!cached) {
      void queryClient.prefetchQuery(folderTreeQuery(projectId));
      return null;
    }
    if (findFolder(cached, setId)) return null;
    let tree: FolderNode;
    try {
      // A folder made elsewhere since the tree was loaded: ask once more before saying it does not exist.
      tree = await queryClient.fetchQuery({ ...folderTreeQuery(projectId), staleTime: 0 });
    } catch (error) {
      throw toRouteError(error);
    }
    if (!findFolder(tree, setId)) throw routeError(404);
    return null;
  };
}
