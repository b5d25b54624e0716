import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useLocation, useRouteError } from 'react-router';
import { ApiError } from '../lib/api';
import { featureOffFlag } from '../lib/guards';
import { sessionQueryKey } from '../lib/session';
import { ErrorPage } from './ErrorPage';
import { FeatureOffNotice } from './FeatureOffNotice';

/** The HTTP-like status of a router error: thrown Responses and failed API calls carry one. */
export function routeErrorStatus(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError) return error.status;
  // A Response thrown while rendering (loaders' Responses arrive as route error responses).
  if (error instanceof Response) return error.status;
  return undefined;
}

/**
 * Router error element: 401 → /auth?referer={path and search}; 403 → forbidden page;
 * 404 or any other status → not-found page; a crash without a status → default fallback text.
 */
export function RouteError() {
  return <RouteErrorView error={useRouteError()} />;
}

/**
 * The same pages for an error a screen meets itself, such as a failed first load it shows a skeleton for instead
 * of waiting in its loader (throwing it from render would also log it to the console).
 */
export function RouteErrorView({ error }: { error: unknown }) {
  const status = routeErrorStatus(error);
  if (status === 401) return <SignInRedirect />;
  if (status === 403) {
    const flag = isRouteErrorResponse(error) ? featureOffFlag(error.data) : null;
    return <ErrorPage code="403" notice={flag ? <FeatureOffNotice flag={flag} /> : undefined} />;
  }
  if (status !== undefined) return <ErrorPage code="404" />;
  return <CrashFallback error={error} />;
}

function SignInRedirect() {
  const location = useLocation();
  const queryClient = useQueryClient();
  // The cached session said (or the server now says) we are signed in; it is out of date either way.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);
  const referer = `${location.pathname}${location.search}`;
  return <Navigate to={`/auth?referer=${encodeURIComponent(referer)}`} replace />;
}

/** Default fallback text for a page that crashed while rendering. */
export function CrashFallback({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error('Page crashed', error);
  }, [error]);
  return (
    <div className="crash-fallback" role="alert">
      <title>{t('page.title', { title: t('crash.title') })}</title>
      <h1>{t('crash.title')}</h1>
      <p>{t('crash.text')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('crash.reload')}
      </button>
    </div>
  );
}
