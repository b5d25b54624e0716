import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { InvitationPage, invitationLoader } from './InvitationPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { SignInPage, signInLoader } from './SignInPage';

/** Sign-in, accepting an invitation and resetting a forgotten password (public). */
export function authRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'auth', loader: signInLoader(queryClient), element: <SignInPage /> },
    { path: 'auth/invitation/:token', loader: invitationLoader(queryClient), element: <InvitationPage /> },
    { path: 'auth/password-reset', element: <ForgotPasswordPage /> },
    { path: 'auth/password-reset/:token', element: <ResetPasswordPage /> },
  ];
}
