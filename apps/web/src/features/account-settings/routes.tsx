import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { LicencesPage } from '../licences/LicencesPage';
import { AccountSettingsPage, accountSettingsLoader } from './AccountSettingsPage';

/** Account settings: admins only (docs/decisions/0009). */
export function accountSettingsRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'settings/account', loader: accountSettingsLoader(queryClient), element: <AccountSettingsPage /> },
    // Licences and the CSV of usage consents (decision 0031): account admins, like the settings.
    { path: 'settings/account/licences', loader: accountSettingsLoader(queryClient), element: <LicencesPage /> },
  ];
}
