import { sameId } from '@emblem/core';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser, routeError, routeId, toRouteError } from '../../lib/guards';
import { type FolderNode, findFolder, folderTreeQuery } from '../../toolkit/folders';
import { brandQuery } from '../brands/api';
import { type ProjectContext, projectQuery } from '../projects/api';

/**
 * /brands/{brandId}/projects/{projectId}/…: signed in; the project exists (404) and is visible (403 from the
 * server); its brand is the one in the address, compared as numbers, so a project opened under another brand is 404.
 */
export function projectLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs): Promise<ProjectContext> => {
    await requireUser(queryClient);
    const brandId = routeId(params.brandId);
    const projectId = routeId(params.projectId);
    let project: ProjectContext;
    try {
      project = await queryClient.fetchQuery(projectQuery(projectId));
    } catch (error) {
      throw toRouteError(error);
    }
    if (!sameId(params.projectId, project.id) || !sameId(params.brandId, project.brand_id)) throw routeError(404);
    // The brand's name is only for the breadcrumbs: not waited for, and its failure is not the page's.
    void queryClient.prefetchQuery(brandQuery(brandId));
    return project;
  };
}

/** …/folders/{setId}: the folder is one of the project's (else 404). */
export function folderLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs): Promise<null> => {
    const projectId = routeId(params.projectId);
    const setId = routeId(params.setId);
    let tree: FolderNode;
    try {
      tree = await queryClient.ensureQueryData(folderTreeQuery(projectId));
      // A folder made elsewhere since the tree was loaded: ask once more before saying it does not exist.
      if (!findFolder(tree, setId)) tree = await queryClient.fetchQuery({ ...folderTreeQuery(projectId), staleTime: 0 });
    } catch (error) {
      throw toRouteError(error);
    }
    if (!findFolder(tree, setId)) throw routeError(404);
    return null;
  };
}
