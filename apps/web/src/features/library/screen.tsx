import { sameId } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { routeError, toRouteError } from '../../lib/guards';
import { RouteErrorView } from '../../shell/RouteError';
import { LoadFailedAlert } from '../../ui/Feedback';
import { type ProjectContext, projectQuery } from '../projects/api';

export type Checked<T> = { status: 'pending' } | { status: 'failed'; error: unknown; retry: () => void } | { status: 'ready'; data: T };

/**
 * The project of a library or viewer address. When the project loader did not wait for it (a first visit: the
 * screen shows its skeleton meanwhile), the screen checks what the loader would have: the project loads (its
 * 401/403/404 become the router's pages) and belongs to the brand in the address, compared as numbers.
 */
export function useAddressedProject(brandIdParam: string | undefined, projectId: number): Checked<ProjectContext> {
  const project = useQuery(projectQuery(projectId));
  if (project.data && project.data.id === projectId) {
    if (!sameId(brandIdParam, project.data.brand_id)) return { status: 'failed', error: routeError(404), retry: () => {} };
    return { status: 'ready', data: project.data };
  }
  if (project.isError) return { status: 'failed', error: project.error, retry: () => void project.refetch() };
  return { status: 'pending' };
}

/**
 * A first load that failed: a missing, forbidden or signed-out answer is the router's page for it (as when a loader
 * throws it); anything else (the server or the network failing) says so with a retry, inside the page.
 */
export function ScreenFailure({ error, title, onRetry }: { error: unknown; title: ReactNode; onRetry?: () => void }) {
  if (error instanceof Response || (error instanceof ApiError && [401, 403, 404].includes(error.status))) {
    return <RouteErrorView error={toRouteError(error)} />;
  }
  return (
    <div className="page">
      <LoadFailedAlert title={title} error={error} onRetry={onRetry} />
    </div>
  );
}
