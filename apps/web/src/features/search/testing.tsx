import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useHref, useLocation, useNavigate } from 'react-router';
import i18n from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';

/** Where the router is: tests read it from the page. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Frame() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <Outlet />
      <Where />
    </AriaRouterProvider>
  );
}

/** Renders some routes (not the whole app) at `path`, with the app's providers; other addresses show nothing. */
export function renderRoutes(path: string, routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[])) {
  const queryClient = createQueryClient();
  const children = typeof routes === 'function' ? routes(queryClient) : routes;
  const router = createMemoryRouter([{ element: <Frame />, children: [...children, { path: '*', element: null }] }], {
    initialEntries: [path],
  });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient };
}
