import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { projectLoader } from '../library/loaders';

/**
 * A project (id `project`): its shared loader checks access once for every screen inside it, the screens come from
 * the features that show them (library, viewer, settings).
 */
export function projectRoutes(queryClient: QueryClient, screens: RouteObject[]): RouteObject[] {
  return [{ id: 'project', path: 'brands/:brandId/projects/:projectId', loader: projectLoader(queryClient), children: screens }];
}

/** The project's settings: settings/general and settings/collaborators; any other setting is not found. */
export function projectSettingsRoutes(): RouteObject[] {
  return [
    {
      path: 'settings/:setting',
      lazy: async () => {
        const { ProjectSettingsPage, projectSettingsLoader } = await import('./ProjectSettingsPage');
        return { loader: projectSettingsLoader(), Component: ProjectSettingsPage };
      },
    },
  ];
}
