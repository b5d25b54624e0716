import { ErrorPage } from './ErrorPage';

/** The catch-all route: every address without a screen shows the not-found page. */
export function NotFoundPage() {
  return <ErrorPage code="404" />;
}
