import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { AccountSettingsPage, accountSettingsLoader } from './AccountSettingsPage';

/** Account settings: admins only (docs/decisions/0009). */
export function accountSettingsRoutes(queryClient: QueryClient): RouteObject[] {
  return [{ path: 'settings/account', loader: accountSettingsLoader(queryClient), element: <AccountSettingsPage /> }];
}
