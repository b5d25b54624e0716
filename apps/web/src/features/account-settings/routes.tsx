import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** Account settings: admins only (docs/decisions/0009). Each page loads with its route. */
export function accountSettingsRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'settings/account',
      lazy: async () => {
        const { AccountSettingsPage, accountSettingsLoader } = await import('./AccountSettingsPage');
        return { loader: accountSettingsLoader(queryClient), Component: AccountSettingsPage };
      },
    },
    // Licences and the CSV of usage consents (decision 0031): account admins, like the settings.
    {
      path: 'settings/account/licences',
      lazy: async () => {
        const [{ accountSettingsLoader }, { LicencesPage }] = await Promise.all([
          import('./AccountSettingsPage'),
          import('../licences/LicencesPage'),
        ]);
        return { loader: accountSettingsLoader(queryClient), Component: LicencesPage };
      },
    },
  ];
}
