import { sameId } from '@emblem/core';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { requireUser, routeError, routeId, toRouteError } from '../../lib/guards';
import { type ProjectContext, projectQuery } from '../projects/api';

/** Signed in; the project exists, is visible and is of the brand in the address (ids compared as numbers). */
async function loadProject(queryClient: QueryClient, params: LoaderFunctionArgs['params']): Promise<ProjectContext> {
  await requireUser(queryClient);
  const projectId = routeId(params.projectId);
  try {
    return await queryClient.fetchQuery(projectQuery(projectId));
  } catch (error) {
    throw toRouteError(error);
  }
}

function projectLoader(queryClient: QueryClient, workspaceOnly: boolean) {
  return async ({ params }: LoaderFunctionArgs) => {
    const project = await loadProject(queryClient, params);
    if (!sameId(params.brandId, project.brand_id) || (workspaceOnly && project.project_type !== 'WORKSPACE')) throw routeError(404);
    if (params.selectedItemId) routeId(params.selectedItemId);
    return null;
  };
}

/** Legacy links (routes-access-shell §2.9) go to the brand route of their project; the query string is kept. */
function legacyRedirect(queryClient: QueryClient, to: (brandId: number, projectId: number, itemId?: string) => string) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const project = await loadProject(queryClient, params);
    const item = params['*']?.split('/')[0];
    return redirect(
      `${to(project.brand_id, project.id, item && /^[1-9][0-9]*$/.test(item) ? item : undefined)}${new URL(request.url).search}`,
    );
  };
}

/** The workflow board and the project activity under a brand, and their legacy addresses. */
export function workflowRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'brands/:brandId/workflows/:projectId/:selectedItemId?',
      loader: projectLoader(queryClient, true),
      lazy: async () => ({ Component: (await import('./BoardPage')).BoardPage }),
    },
    {
      path: 'brands/:brandId/activity/:projectId',
      loader: projectLoader(queryClient, false),
      lazy: async () => ({ Component: (await import('./ActivityPage')).ActivityPage }),
    },
    {
      path: 'workflows/:projectId/*',
      loader: legacyRedirect(queryClient, (b, p, item) => `/brands/${b}/workflows/${p}${item ? `/${item}` : ''}`),
    },
    { path: 'activity/:projectId/*', loader: legacyRedirect(queryClient, (b, p) => `/brands/${b}/activity/${p}`) },
  ];
}
