import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** Sign-in, accepting an invitation and resetting a forgotten password (public); each page loads with its route. */
export function authRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'auth',
      lazy: async () => {
        const { SignInPage, signInLoader } = await import('./SignInPage');
        return { loader: signInLoader(queryClient), Component: SignInPage };
      },
    },
    {
      path: 'auth/invitation/:token',
      lazy: async () => {
        const { InvitationPage, invitationLoader } = await import('./InvitationPage');
        return { loader: invitationLoader(queryClient), Component: InvitationPage };
      },
    },
    { path: 'auth/password-reset', lazy: async () => ({ Component: (await import('./ForgotPasswordPage')).ForgotPasswordPage }) },
    { path: 'auth/password-reset/:token', lazy: async () => ({ Component: (await import('./ResetPasswordPage')).ResetPasswordPage }) },
  ];
}
