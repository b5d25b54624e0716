import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
// From 'react-router' (not 'react-router/dom'): one module instance in the app and in tests; no flushSync is used.
import { RouterProvider } from 'react-router';
import i18n from './lib/i18n';

type AppRouter = Parameters<typeof RouterProvider>[0]['router'];

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
