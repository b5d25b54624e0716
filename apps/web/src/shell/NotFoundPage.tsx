import { ErrorPage } from './ErrorPage';

/** The catch-all route (routes-access-shell.md §2.7, §8). */
export function NotFoundPage() {
  return <ErrorPage code="404" />;
}
