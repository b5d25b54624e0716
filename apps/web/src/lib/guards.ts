import { type FeatureFlag, sameId } from '@emblem/core';
import type { QueryClient } from '@tanstack/react-query';
import { type Brand, brandQuery } from '../features/brands/api';
import { ApiError } from './api';
import { applySessionLanguage, isSignedIn, type SignedInSession, sessionQuery } from './session';

/**
 * Access guards shared by the route loaders. They throw Responses that the
 * router error element turns into a redirect (401), the forbidden page (403) or the not-found page (404).
 */

export function routeError(status: 401 | 403 | 404, statusText?: string): Response {
  const text = statusText ?? { 401: 'Not signed in', 403: 'Forbidden', 404: 'Not found' }[status];
  return new Response(text, { status, statusText: text });
}

/** 403 for a screen that is closed because the account's feature switch `flag` is off (the page says which). */
export function featureOffError(flag: FeatureFlag): Response {
  return Response.json({ featureOff: flag }, { status: 403, statusText: 'Forbidden' });
}

/** The switch named by a featureOffError, if the route error is one. */
export function featureOffFlag(data: unknown): FeatureFlag | null {
  const flag = (data as { featureOff?: unknown } | null)?.featureOff;
  return typeof flag === 'string' ? (flag as FeatureFlag) : null;
}

/** Turns a failed API call into the matching route error; other failures go through unchanged. */
export function toRouteError(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) {
    return routeError(error.status, error.error);
  }
  return error;
}

/** Signed in, else 401. The session comes from the query cache (fetched once, then kept fresh). */
export async function requireUser(queryClient: QueryClient): Promise<SignedInSession> {
  const session = await queryClient.ensureQueryData(sessionQuery);
  if (!isSignedIn(session)) throw routeError(401);
  // The signed-in screens render in the user's language, with all their strings loaded.
  await applySessionLanguage(session, 'app');
  return session;
}

/** Signed in as an owner or super user, else 403. */
export async function requireAdmin(queryClient: QueryClient): Promise<SignedInSession> {
  const session = await requireUser(queryClient);
  if (!session.account.is_admin) throw routeError(403);
  return session;
}

/** Signed in and the account has the feature flag, else 403. */
export async function requireFlag(queryClient: QueryClient, flag: FeatureFlag): Promise<SignedInSession> {
  const session = await requireUser(queryClient);
  if (!session.account.feature_flags.includes(flag)) throw featureOffError(flag);
  return session;
}

/** A route id parameter as a number; anything that is not a positive whole number is not found. */
export function routeId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw routeError(404);
  return id;
}

/**
 * The brand of a /brands/{brandId} route. The loaded brand is reused while it is fresh; another id (compared
 * as a number, so /brands/07 is brand 7) or an invalidated entry loads it again.
 */
export async function requireBrand(queryClient: QueryClient, brandIdParam: string | undefined): Promise<Brand> {
  const id = routeId(brandIdParam);
  let brand: Brand;
  try {
    brand = await queryClient.fetchQuery(brandQuery(id));
  } catch (error) {
    throw toRouteError(error);
  }
  if (!sameId(brandIdParam, brand.id)) throw routeError(404);
  return brand;
}
