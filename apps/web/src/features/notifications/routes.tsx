import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { requireUser } from '../../lib/guards';

/** The full list of my notifications (decision 0050); the bell and its centre live in the header. */
export function notificationRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'notifications',
      loader: async () => {
        await requireUser(queryClient);
        return null;
      },
      lazy: async () => ({ Component: (await import('./NotificationsPage')).NotificationsPage }),
    },
  ];
}
