import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { accountSettingsRoutes } from './features/account-settings/routes';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { brandRoutes } from './features/brands/routes';
import { collectionRoutes } from './features/collections/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { duplicateRoutes } from './features/duplicates/routes';
import { errorPageRoutes } from './features/error-pages/routes';
import { guidelinesRoutes } from './features/guidelines/routes';
import { libraryRoutes } from './features/library/routes';
import { loginPageRoutes } from './features/login-page/routes';
import { metadataBrandRoutes, metadataProjectRoutes } from './features/metadata/routes';
import { notificationRoutes } from './features/notifications/routes';
import { profileRoutes } from './features/profile/routes';
import { projectRoutes, projectSettingsRoutes } from './features/projects/routes';
import { searchRoutes } from './features/search/routes';
import { shareVisitorRoutes } from './features/share-visitor/routes';
import { submissionRequestRoutes, submitRoutes } from './features/submissions/routes';
import { usageRoutes } from './features/usage/routes';
import { viewerRoutes } from './features/viewer/routes';
import { workflowRoutes } from './features/workflows/routes';
import { applySessionLanguage, isSignedIn, sessionQuery } from './lib/session';
import { AppLoading } from './shell/AppLoading';
import { NotFoundPage } from './shell/NotFoundPage';
import { loadSignedInShell, RootLayout } from './shell/RootLayout';
import { CrashFallback, RouteError } from './shell/RouteError';
import { toolkitGalleryLoader } from './toolkit/gallery/loader';

/** The routes one feature adds, from its features/<x>/routes.tsx. */
type FeatureRoutes = (queryClient: QueryClient) => RouteObject[];

/** The toolkit gallery: a development flag; the page (and the editor) load on demand. */
const toolkitGalleryRoutes: FeatureRoutes = (queryClient) => [
  {
    path: 'toolkit-gallery',
    loader: toolkitGalleryLoader(queryClient),
    lazy: async () => ({ Component: (await import('./toolkit/gallery/ToolkitGalleryPage')).ToolkitGalleryPage }),
  },
];

/** The screens inside a project (brands/:brandId/projects/:projectId), under its shared loader. */
const projectScreens: FeatureRoutes[] = [
  libraryRoutes,
  collectionRoutes,
  duplicateRoutes,
  submissionRequestRoutes,
  viewerRoutes,
  projectSettingsRoutes,
  metadataProjectRoutes,
];

/** Every screen that exists, one line per feature; adding a feature adds its line here. */
const features: FeatureRoutes[] = [
  authRoutes,
  dashboardRoutes,
  brandRoutes,
  metadataBrandRoutes,
  searchRoutes,
  workflowRoutes,
  guidelinesRoutes,
  (queryClient) =>
    projectRoutes(
      queryClient,
      projectScreens.flatMap((screens) => screens(queryClient)),
    ),
  usageRoutes,
  adminRoutes,
  errorPageRoutes,
  loginPageRoutes,
  accountSettingsRoutes,
  profileRoutes,
  notificationRoutes,
  toolkitGalleryRoutes,
  submitRoutes,
  shareVisitorRoutes,
];

/**
 * THE route table. Only the screens that exist are declared; every other address falls to the catch-all
 * not-found page, which stays last. Access guards live in lib/guards.ts and run in the loaders.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      // The layout itself failing: nothing of the shell can be trusted, show the plain fallback.
      errorElement: <CrashFallback error={null} />,
      hydrateFallbackElement: <AppLoading />,
      loader: async ({ request }) => {
        // The header needs to know who is signed in; a failure here is handled by the pages' own guards.
        await queryClient.prefetchQuery(sessionQuery);
        // The first page renders in its language with its strings: the sign-in pages need only the public group.
        const session = queryClient.getQueryData(sessionQuery.queryKey);
        const signInPage = /^\/auth(\/|$)/.test(new URL(request.url).pathname);
        const signedIn = isSignedIn(session);
        // Signed in: the header's tools load meanwhile, so that the first page shows them at once.
        await Promise.all([
          applySessionLanguage(session, ...(signedIn || !signInPage ? (['app'] as const) : [])),
          // A failure here is not the page's: the header then tries again when it renders.
          signedIn ? loadSignedInShell().catch(() => null) : null,
        ]);
        return null;
      },
      children: [
        {
          // Route errors render inside the layout, so the header and navigation stay.
          errorElement: <RouteError />,
          children: [...features.flatMap((routes) => routes(queryClient)), { path: '*', element: <NotFoundPage /> }],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
