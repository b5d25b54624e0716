import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets.js';

/**
 * Signed media URLs: `/media/{assetToken}/{revisionId}?<params>&sig=<128-bit HMAC>`. Only the server can mint
 * a variant, so nobody can fill the disk with transforms; the asset token makes URLs unguessable and dies
 * with the asset.
 */
export const DEFAULT_PREVIEW_WIDTH = 800;
export const SMALL_PREVIEW_WIDTH = 400;

function canonical(params: Record<string, string | number | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sig' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(params[k]))}`)
    .join('&');
}

function signature(secret: string, path: string, query: string): string {
  return createHmac('sha256', `${secret}:media`).update(`${path}?${query}`).digest('base64url').slice(0, 22);
}

export function mediaPath(assetToken: string, revisionId: number): string {
  return `/media/${assetToken}/${revisionId}`;
}

/** A signed URL (path and query) for a revision with the given transform parameters. */
export function signedMediaUrl(
  secret: string,
  assetToken: string,
  revisionId: number,
  params: Record<string, string | number | undefined>,
): string {
  const path = mediaPath(assetToken, revisionId);
  const query = canonical(params);
  const sig = signature(secret, path, query);
  return `${path}?${query ? `${query}&` : ''}sig=${sig}`;
}

/** Checks the `sig` of a media request against its path and the other query parameters. */
export function verifyMediaSignature(secret: string, path: string, query: Record<string, string | undefined>): boolean {
  const given = query.sig;
  if (typeof given !== 'string' || given.length !== 22) return false;
  return safeEqual(given, signature(secret, path, canonical(query)));
}
