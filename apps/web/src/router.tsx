import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AccountSettingsPage, accountSettingsLoader } from './features/account-settings/AccountSettingsPage';
import { AdminSectionPage, adminSectionLoader } from './features/admin/AdminSectionPage';
import { InvitationPage, invitationLoader } from './features/auth/InvitationPage';
import { SignInPage, signInLoader } from './features/auth/SignInPage';
import { BrandPage, brandLoader } from './features/brands/BrandPage';
import { DashboardPage, dashboardLoader } from './features/dashboard/DashboardPage';
import { ErrorPageBuilderPage, errorPageBuilderLoader } from './features/error-pages/ErrorPageBuilderPage';
import { LibraryPage } from './features/library/LibraryPage';
import { folderLoader, projectLoader } from './features/library/loaders';
import { LoginPageBuilderPage, loginPageBuilderLoader } from './features/login-page/LoginPageBuilderPage';
import { LoginPagePreviewPage } from './features/login-page/LoginPagePreviewPage';
import {
  EmailVerificationPage,
  emailVerificationLoader,
  emailVerificationShouldRevalidate,
} from './features/profile/EmailVerificationPage';
import { ProfilePage, profileLoader } from './features/profile/ProfilePage';
import { ProjectSettingsPage, projectSettingsLoader } from './features/projects/ProjectSettingsPage';
import { UsagePage, usageIndexLoader, usageTabLoader } from './features/usage/UsagePage';
import { AssetViewerPage, assetLoader } from './features/viewer/AssetViewerPage';
import { sessionQuery } from './lib/session';
import { AppLoading } from './shell/AppLoading';
import { NotFoundPage } from './shell/NotFoundPage';
import { RootLayout } from './shell/RootLayout';
import { CrashFallback, RouteError } from './shell/RouteError';
import { toolkitGalleryLoader } from './toolkit/gallery/loader';

/**
 * THE route table (routes-access-shell.md §2). Only the screens that exist are declared; every other address
 * falls to the catch-all not-found page. Access guards live in lib/guards.ts and run in the loaders.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      // The layout itself failing: nothing of the shell can be trusted, show the plain fallback.
      errorElement: <CrashFallback error={null} />,
      hydrateFallbackElement: <AppLoading />,
      loader: async () => {
        // The header needs to know who is signed in; a failure here is handled by the pages' own guards.
        await queryClient.prefetchQuery(sessionQuery);
        return null;
      },
      children: [
        {
          // Route errors render inside the layout, so the header and navigation stay.
          errorElement: <RouteError />,
          children: [
            { path: 'auth', loader: signInLoader(queryClient), element: <SignInPage /> },
            { path: 'auth/invitation/:token', loader: invitationLoader(queryClient), element: <InvitationPage /> },
            { index: true, loader: dashboardLoader(queryClient), element: <DashboardPage /> },
            { path: 'brands/:brandId', loader: brandLoader(queryClient), element: <BrandPage /> },
            {
              // routes-access-shell.md §2.3: the library browser (index, folders/{setId}), the asset viewer and the
              // project's settings (settings/general and settings/collaborators; any other setting is not found).
              id: 'project',
              path: 'brands/:brandId/projects/:projectId',
              loader: projectLoader(queryClient),
              children: [
                { index: true, element: <LibraryPage /> },
                { path: 'folders/:setId', loader: folderLoader(queryClient), element: <LibraryPage /> },
                { path: 'assets/:assetId', loader: assetLoader(queryClient), element: <AssetViewerPage /> },
                { path: 'settings/:setting', loader: projectSettingsLoader(), element: <ProjectSettingsPage /> },
              ],
            },
            {
              path: 'usage',
              children: [
                { index: true, loader: usageIndexLoader(queryClient) },
                { path: ':tabId', loader: usageTabLoader(queryClient), element: <UsagePage /> },
              ],
            },
            { path: 'admin/:section', loader: adminSectionLoader(queryClient), element: <AdminSectionPage /> },
            // routes-access-shell.md §2.1: the error-page builder (admins; the dashboard id is the account's id) and the
            // login-page builder (signed in; index = builder, preview = the full page). docs/decisions/0011.
            {
              path: 'errorpagebuilder/:dashboardId/403',
              loader: errorPageBuilderLoader(queryClient, '403'),
              element: <ErrorPageBuilderPage code="403" />,
            },
            {
              path: 'errorpagebuilder/:dashboardId/404',
              loader: errorPageBuilderLoader(queryClient, '404'),
              element: <ErrorPageBuilderPage code="404" />,
            },
            {
              path: 'loginpagebuilder',
              loader: loginPageBuilderLoader(queryClient),
              children: [
                { index: true, element: <LoginPageBuilderPage /> },
                { path: 'preview', element: <LoginPagePreviewPage /> },
              ],
            },
            // Account settings (issue 4; the spec names no route, docs/decisions/0009): admins only.
            { path: 'settings/account', loader: accountSettingsLoader(queryClient), element: <AccountSettingsPage /> },
            // The profile (issue 4; the spec names no route, docs/decisions/0010) and the e-mail verification link.
            { path: 'profile', loader: profileLoader(queryClient), element: <ProfilePage /> },
            {
              path: 'user-email-verification',
              loader: emailVerificationLoader(queryClient),
              shouldRevalidate: emailVerificationShouldRevalidate,
              element: <EmailVerificationPage />,
            },
            {
              // The toolkit gallery (issue 4): a development flag; the page (and the editor) load on demand.
              path: 'toolkit-gallery',
              loader: toolkitGalleryLoader(queryClient),
              lazy: async () => ({ Component: (await import('./toolkit/gallery/ToolkitGalleryPage')).ToolkitGalleryPage }),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
