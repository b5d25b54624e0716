import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { InvitationPage, invitationLoader } from './InvitationPage';
import { SignInPage, signInLoader } from './SignInPage';

/** Sign-in and accepting an invitation (public). */
export function authRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'auth', loader: signInLoader(queryClient), element: <SignInPage /> },
    { path: 'auth/invitation/:token', loader: invitationLoader(queryClient), element: <InvitationPage /> },
  ];
}
