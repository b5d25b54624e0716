import { createHmac } from 'node:crypto';
import type { ReaderAudience } from '../../access/guideline-readers.js';
import { safeEqual } from '../../lib/secrets.js';

/**
 * Signed media URLs: `/media/{assetToken}/{revisionId}?<params>&exp=<unix seconds>&sig=<128-bit HMAC>`. Only the
 * server can mint a variant, so nobody can fill the disk with transforms; the asset token makes URLs unguessable
 * and dies with the asset (or when a project admin rotates it, media/tokens.ts); `exp` is signed like every other
 * parameter, so a URL stops working on its own even when the person it was handed to loses access.
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

const DAY_MS = 86_400_000;

/**
 * When a signed media URL stops working, in unix seconds, given the current time in milliseconds. Each kind of
 * use picks one; a later public use (a published guideline page, a share link) passes its own policy.
 */
export type MediaExpiry = (nowMs: number) => number;

/**
 * URLs handed to signed-in users (asset lists, the viewer, revisions, page previews): valid until the end of the
 * UTC day six days from now, so between six and seven days, and the same all day long so browsers and proxies
 * keep their cached copies. The API signs them afresh whenever it is read.
 */
export const SIGNED_IN_MEDIA_EXPIRY: MediaExpiry = (nowMs) => ((Math.floor(nowMs / DAY_MS) + 7) * DAY_MS) / 1000;

export interface MediaUrlOptions {
  /** Defaults to `SIGNED_IN_MEDIA_EXPIRY`. */
  expiry?: MediaExpiry;
}

/**
 * A signed URL (path and query) for a revision with the given transform parameters. Every media URL is minted
 * here, so none can leave without an expiry.
 */
export function signedMediaUrl(
  secret: string,
  assetToken: string,
  revisionId: number,
  params: Record<string, string | number | undefined>,
  opts: MediaUrlOptions = {},
): string {
  const path = mediaPath(assetToken, revisionId);
  const exp = Math.floor((opts.expiry ?? SIGNED_IN_MEDIA_EXPIRY)(Date.now()));
  const query = canonical({ ...params, exp });
  const sig = signature(secret, path, query);
  return `${path}?${query}&sig=${sig}`;
}

/**
 * Media shown by a guideline page carry a scope: the block (`gb`) or the portal cover (`gp`) that shows the asset,
 * and the audience the page was rendered for (`ga`; absent for anyone). The media route then checks, on every
 * request, that the block (or cover) still shows the asset to that audience, so a URL copied from a public page
 * stops working when the block, page, document or portal stops being public (access/guideline-readers.ts).
 * Scoped URLs are signed like any other (the scope is one of the signed parameters).
 */
/** How long browsers (and, for public pages, shared caches) keep a guideline page's media: a page that stops being
 * public stops serving its media soon after. */
export const SCOPED_MAX_AGE_S = 300;

export type GuidelineScope = { blockId: number; audience: ReaderAudience } | { portalId: number; audience: ReaderAudience };

const AUDIENCE_PARAM: Record<ReaderAudience, string | undefined> = {
  public: undefined,
  account: 'account',
  editors: 'editors',
  draft: 'draft',
};

/** The scope parameters of a media URL. */
export function scopeParams(scope: GuidelineScope): Record<string, string | number | undefined> {
  return 'blockId' in scope
    ? { gb: scope.blockId, ga: AUDIENCE_PARAM[scope.audience] }
    : { gp: scope.portalId, ga: AUDIENCE_PARAM[scope.audience] };
}

/** The scope a (signed) media request names: null when none, 'invalid' for a malformed one. */
export function scopeOf(query: Record<string, string | undefined>): GuidelineScope | null | 'invalid' {
  const { gb, gp, ga } = query;
  if (gb === undefined && gp === undefined) return ga === undefined ? null : 'invalid';
  const audience = ga === undefined ? 'public' : (Object.keys(AUDIENCE_PARAM) as ReaderAudience[]).find((a) => a === ga && a !== 'public');
  if (!audience) return 'invalid';
  const id = (v: string) => (/^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null);
  if (gb !== undefined && gp === undefined) {
    const blockId = id(gb);
    return blockId === null ? 'invalid' : { blockId, audience };
  }
  if (gp !== undefined && gb === undefined) {
    const portalId = id(gp);
    return portalId === null ? 'invalid' : { portalId, audience };
  }
  return 'invalid';
}

/**
 * Readers of guideline pages: URLs for the page's audience. Public ones (and those for members) live until the end
 * of the UTC day seven days on, like signed-in ones, so a page's HTML stays the same all day and can be cached;
 * what ends them early is the scope check, not the expiry.
 */
export function guidelineMediaUrl(
  secret: string,
  assetToken: string,
  revisionId: number,
  params: Record<string, string | number | undefined>,
  scope: GuidelineScope,
): string {
  return signedMediaUrl(secret, assetToken, revisionId, { ...params, ...scopeParams(scope) });
}

export type MediaUrlCheck = { ok: true; expiresAt: number } | { ok: false; error: string };

/**
 * Checks a media request: its `sig` against the path and every other query parameter (`exp` included), then
 * that `exp` is present and still in the future. `expiresAt` is in unix seconds.
 */
export function verifyMediaUrl(secret: string, path: string, query: Record<string, string | undefined>): MediaUrlCheck {
  const given = query.sig;
  if (typeof given !== 'string' || given.length !== 22 || !safeEqual(given, signature(secret, path, canonical(query)))) {
    return { ok: false, error: 'Invalid signature' };
  }
  const exp = query.exp;
  if (exp === undefined || !/^\d{1,12}$/.test(exp))
    return { ok: false, error: 'This media link has no expiry; reload the page for a new one' };
  const expiresAt = Number(exp);
  if (expiresAt * 1000 <= Date.now()) return { ok: false, error: 'This media link has expired; reload the page for a new one' };
  return { ok: true, expiresAt };
}

/**
 * Media of a share link's visitors carry the link's scope, `sl={linkId}.{tag}` (the tag comes from the link's
 * address, access/share-visitors.ts). The media route then checks on every request that the link is live, unlocked
 * by this browser (the unlock cookie) and still shows the asset, so a URL handed out earlier dies with the link,
 * its password, its address or the asset's place in it. Answers are `private, no-cache`: browsers revalidate each
 * time, so the check is never skipped.
 */
export type ShareScope = { linkId: number; tag: string };

export function shareMediaUrl(
  secret: string,
  assetToken: string,
  revisionId: number,
  params: Record<string, string | number | undefined>,
  scope: ShareScope,
): string {
  return signedMediaUrl(secret, assetToken, revisionId, { ...params, sl: `${scope.linkId}.${scope.tag}` });
}

/** The share scope a (signed) media request names: null when none, 'invalid' for a malformed one. */
export function shareScopeOf(query: Record<string, string | undefined>): ShareScope | null | 'invalid' {
  const { sl } = query;
  if (sl === undefined) return null;
  const m = /^([1-9]\d{0,9})\.([0-9a-f]{12})$/.exec(sl);
  if (!m || Number(m[1]) > 2_147_483_647) return 'invalid';
  return { linkId: Number(m[1]), tag: m[2] as string };
}
