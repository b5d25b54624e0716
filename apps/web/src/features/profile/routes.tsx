import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** The profile (docs/decisions/0010) and the e-mail verification link; each page loads with its route. */
export function profileRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'profile',
      lazy: async () => {
        const { ProfilePage, profileLoader } = await import('./ProfilePage');
        return { loader: profileLoader(queryClient), Component: ProfilePage };
      },
    },
    {
      path: 'user-email-verification',
      lazy: async () => {
        const page = await import('./EmailVerificationPage');
        return {
          loader: page.emailVerificationLoader(queryClient),
          shouldRevalidate: page.emailVerificationShouldRevalidate,
          Component: page.EmailVerificationPage,
        };
      },
    },
  ];
}
