import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { EmailVerificationPage, emailVerificationLoader, emailVerificationShouldRevalidate } from './EmailVerificationPage';
import { ProfilePage, profileLoader } from './ProfilePage';

/** The profile (docs/decisions/0010) and the e-mail verification link. */
export function profileRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'profile', loader: profileLoader(queryClient), element: <ProfilePage /> },
    {
      path: 'user-email-verification',
      loader: emailVerificationLoader(queryClient),
      shouldRevalidate: emailVerificationShouldRevalidate,
      element: <EmailVerificationPage />,
    },
  ];
}
