import type { Readable } from 'node:stream';
import {
  blockConsentQuerySchema,
  bulkDownloadBodySchema,
  consentTokenSchema,
  downloadQuerySchema,
  downloadTokenParamsSchema,
  idParams,
  mediaQuerySchema,
  refId,
  zoomQuerySchema,
} from '@emblem/core';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOCKED, shareScopeShowsAsset, unlockCookieReader } from '../../access/index.js';
import { ok } from '../../http/envelope.js';
import { AppError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../http/errors.js';
import { USER_FILE_CSP } from '../../http/security.js';
import { parse } from '../../http/validate.js';
import type { Storage } from '../../storage/storage.js';
import {
  type AssetDownload,
  contentDisposition,
  createBulkDownload,
  type DownloadDeps,
  openBulkDownload,
  prepareAssetDownload,
  prepareAttachmentDownload,
  type ZipEntry,
  zipStream,
} from './downloads.js';
import { blockDownloadConsent, openBlockZip, prepareBlockFile } from './guideline-downloads.js';
import { downloadBuffers, PooledBody } from './pooled-body.js';
import type { MediaDeps } from './processing.js';
import { findMediaRevision, scopeShowsAsset } from './queries.js';
import { RenderLimiter } from './render-limiter.js';
import { rotateAssetMediaToken, rotateProjectMediaTokens } from './tokens.js';
import { canRender, getVariant, hasAlpha, type Variant } from './transform.js';
import { SCOPED_MAX_AGE_S, scopeOf, shareScopeOf, verifyMediaUrl } from './urls.js';
import { normaliseParams, resolveFormat, variantHash } from './variant-params.js';
import { prepareZoom } from './zoom.js';

const YEAR_S = 31_536_000;

/** Renders waiting for a slot, per process, beyond which requests are refused with 503. */
const RENDER_QUEUE = 64;

const limiters = new WeakMap<object, RenderLimiter>();
/** One render limiter per server (the /media routes and converted downloads share it). */
function limiterOf(app: FastifyInstance): RenderLimiter {
  let limiter = limiters.get(app.config);
  if (!limiter) {
    limiter = new RenderLimiter(app.config.transformConcurrency, RENDER_QUEUE);
    limiters.set(app.config, limiter);
  }
  return limiter;
}

function mediaDeps(app: FastifyInstance): MediaDeps {
  return { db: app.db, storage: app.storage, config: app.config };
}

/** What downloads need, with the server's one render limiter (share-link visitors' downloads use it too). */
export function downloadDepsOf(app: FastifyInstance): DownloadDeps {
  return { ...mediaDeps(app), limiter: limiterOf(app) };
}

export function userFileHeaders(reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff').header('content-security-policy', USER_FILE_CSP);
}

/** Streams a ZIP of `entries` as `{name}.zip`, with its length when known up front (every entry stored). */
export async function sendZip(storage: Storage, reply: FastifyReply, name: string, entries: ZipEntry[], cacheControl?: string) {
  const { stream, size } = zipStream(storage, entries);
  const total = await size;
  userFileHeaders(reply);
  reply.header('content-type', 'application/zip').header('content-disposition', contentDisposition(`${name}.zip`));
  if (cacheControl) reply.header('cache-control', cacheControl);
  if (total > 0) reply.header('content-length', String(total));
  return reply.send(stream);
}

export function sendVariant(reply: FastifyReply, variant: Variant) {
  reply.header('content-type', variant.contentType).header('content-length', String(variant.size));
  return reply.send(variant.body);
}

/** The query as the signature saw it: single string values only. */
function flatQuery(query: unknown): Record<string, string | undefined> | null {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  return out;
}

/**
 * `GET /media/{assetToken}/{revisionId}[/{variant}]?…&exp=&sig=`: signed previews and transforms. Public (the
 * signature is the credential) until `exp`; answers are immutable, carry a strong ETag and are cached no longer
 * than the URL stays valid.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const deps = mediaDeps(app);
  const limiter = limiterOf(app);
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '';
    const query = flatQuery(req.query);
    if (!query) throw new ForbiddenError('Invalid signature');
    const check = verifyMediaUrl(app.config.sessionSecret, path, query);
    if (!check.ok) throw new ForbiddenError(check.error);
    const { assetToken, revisionId } = req.params as { assetToken: string; revisionId: string };
    const id = Number(revisionId);
    if (!/^\d{1,10}$/.test(revisionId) || id > 2_147_483_647) throw new NotFoundError();
    const params = parse(mediaQuerySchema, query);
    // A guideline page's media: served only while the page still shows the asset to the audience it was made for.
    const scope = scopeOf(query);
    if (scope === 'invalid' || (scope && !(await scopeShowsAsset(app.db, scope, assetToken)))) throw new NotFoundError();
    // A share link's media: served only while the link is live, unlocked by this browser and shows the asset.
    const share = shareScopeOf(query);
    if (share === 'invalid' || (share && scope)) throw new NotFoundError();
    if (share) {
      const state = await shareScopeShowsAsset(app.db, share, assetToken, unlockCookieReader(req));
      if (state === 'locked') throw new UnauthorizedError(LOCKED);
      if (state === 'gone') throw new NotFoundError();
    }
    // `tr=1` (signed like the rest) marks the trash listing's thumbnails: the one place a trashed asset shows.
    const src = await findMediaRevision(app.db, assetToken, id, { trashed: query.tr === '1' });
    if (!src || !canRender(src, params.page)) throw new NotFoundError(src ? 'No preview for this file' : 'Not found');
    const { format, negotiated } = resolveFormat(params.format, req.headers.accept, hasAlpha(src));
    const variantParams = normaliseParams(params, format);
    const etag = `"${variantHash(src.revision.id, variantParams).slice(0, 40)}"`;
    userFileHeaders(reply);
    const maxAge = Math.max(0, Math.min(scope ? SCOPED_MAX_AGE_S : YEAR_S, check.expiresAt - Math.floor(Date.now() / 1000)));
    // Scoped answers are kept briefly (a page that stops being public stops serving its media soon after), and
    // shared caches keep only those of public pages.
    const cacheControl = share
      ? 'private, no-cache'
      : !scope
        ? `public, max-age=${maxAge}, immutable`
        : `${scope.audience === 'public' ? 'public' : 'private'}, max-age=${maxAge}`;
    reply.header('etag', etag).header('cache-control', cacheControl);
    if (negotiated) reply.header('vary', 'Accept');
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) return reply.status(304).send();
    return sendVariant(reply, await getVariant(deps, limiter, src, variantParams));
  };
  const route = { config: { access: 'public' as const } };
  app.get('/media/:assetToken/:revisionId', route, handler);
  app.get('/media/:assetToken/:revisionId/:variant', route, handler);
};

/** Parses a single `bytes=` range against `size`; null for none, 'invalid' when it cannot be satisfied. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/** Streams an original, with a single byte range when asked. */
export function sendOriginalFile(
  storage: Storage,
  req: FastifyRequest,
  reply: FastifyReply,
  download: Pick<AssetDownload & { kind: 'original' }, 'storageKey' | 'size' | 'contentType'>,
) {
  reply.header('accept-ranges', 'bytes').header('content-type', download.contentType || 'application/octet-stream');
  const range = parseRange(req.headers.range, download.size);
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${download.size}`);
    throw new AppError(416, 'Range not satisfiable');
  }
  let body: Readable;
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${download.size}`)
      .header('content-length', String(range.end - range.start + 1));
    body = storage.read(download.storageKey, range);
  } else {
    reply.header('content-length', String(download.size));
    // Whole files stream through the shared download buffers, like ZIPs.
    body = new PooledBody(storage.read(download.storageKey, undefined, { pool: downloadBuffers }), downloadBuffers);
  }
  return reply.send(body);
}

/** Downloads, mounted under /api and /v1. */
export const downloadRoutes: FastifyPluginAsync = async (app) => {
  const deps: DownloadDeps = { ...mediaDeps(app), limiter: limiterOf(app) };

  const sendOriginal = (req: FastifyRequest, reply: FastifyReply, download: AssetDownload & { kind: 'original' }) =>
    sendOriginalFile(app.storage, req, reply, download);

  // No automatic HEAD routes here: Fastify would read whole files (and build whole ZIPs) to discard them.
  app.get('/asset/:id/download', { exposeHeadRoute: false }, async (req, reply) => {
    const { id } = parse(idParams('asset'), req.params);
    const query = parse(downloadQuerySchema, req.query);
    const download = await prepareAssetDownload(deps, req.user(), id, query);
    userFileHeaders(reply);
    reply.header('content-disposition', contentDisposition(download.fileName));
    if (download.kind === 'variant') return sendVariant(reply, download.variant);
    return sendOriginal(req, reply, download);
  });

  // The viewer's zoom: a level of the image's pyramid, whole or one tile (zoom.ts). The revision is in the query, so
  // an answer never changes: the browser keeps it (privately) and revalidates with the ETag.
  app.get('/asset/:id/zoom', { exposeHeadRoute: false }, async (req, reply) => {
    const { id } = parse(idParams('asset'), req.params);
    const query = parse(zoomQuerySchema, req.query);
    const zoom = await prepareZoom(deps, req.user(), id, query, req.headers.accept);
    userFileHeaders(reply);
    reply.header('etag', zoom.etag).header('cache-control', 'private, max-age=86400');
    if (zoom.negotiated) reply.header('vary', 'Accept');
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim() === zoom.etag || t.trim() === `W/${zoom.etag}`)) return reply.status(304).send();
    return sendVariant(reply, await zoom.render());
  });

  app.get('/asset-attachment/:id/download', { exposeHeadRoute: false }, async (req, reply) => {
    const { id } = parse(idParams('attachment'), req.params);
    const download = await prepareAttachmentDownload(app.db, req.user(), id);
    userFileHeaders(reply);
    reply.header('content-disposition', contentDisposition(download.fileName));
    return sendOriginal(req, reply, download);
  });

  app.post('/asset/bulk-download', async (req) =>
    ok(await createBulkDownload(app.db, req.user(), parse(bulkDownloadBodySchema, req.body), app.config.sessionSecret)),
  );

  // Rotating media tokens (project ADMIN): every earlier media URL of the asset, or of the project's assets, dies.
  app.post('/asset/:id/media-token', async (req) =>
    ok(await rotateAssetMediaToken(app.db, req.user(), parse(idParams('asset'), req.params).id)),
  );
  app.post('/project/:id/media-tokens', async (req) =>
    ok(await rotateProjectMediaTokens(app.db, req.user(), parse(idParams('project'), req.params).id)),
  );

  // Guideline pages' downloads: public (visitors of public portals use them); the block is the capability, checked on
  // every request (guideline-downloads.ts). Each names the block and the asset, both checked.
  const blockAsset = z.object({ blockId: refId('block'), assetId: refId('asset') }).strict();
  // The usage-consent token of a download that asks for one (decision 0031).
  const consentQuery = z.object({ consent: consentTokenSchema.optional() });
  const blockConsent = (req: FastifyRequest) => ({
    secret: app.config.sessionSecret,
    ip: req.ip ?? 'unknown',
    token: parse(consentQuery, req.query).consent,
  });
  const publicRoute = { config: { access: 'public' as const }, exposeHeadRoute: false };
  app.get('/guideline-block/:blockId/assets/:assetId/download', publicRoute, async (req, reply) => {
    const { blockId, assetId } = parse(blockAsset, req.params);
    const file = await prepareBlockFile(app.db, req.actor, blockId, assetId, 'file', blockConsent(req));
    userFileHeaders(reply);
    reply.header('content-disposition', contentDisposition(file.fileName)).header('cache-control', 'private, no-store');
    return sendOriginal(req, reply, { kind: 'original', ...file });
  });
  // A video block's file for its <video> player: inline, with byte ranges.
  app.get('/guideline-block/:blockId/assets/:assetId/stream', publicRoute, async (req, reply) => {
    const { blockId, assetId } = parse(blockAsset, req.params);
    const file = await prepareBlockFile(app.db, req.actor, blockId, assetId, 'stream');
    userFileHeaders(reply);
    reply.header('cache-control', `private, max-age=${SCOPED_MAX_AGE_S}`);
    return sendOriginal(req, reply, { kind: 'original', ...file });
  });
  // What a download from the block asks consent for: `asset_ids` (assets the block offers), or none for its ZIP.
  app.get('/guideline-block/:blockId/consent', publicRoute, async (req) => {
    const { blockId } = parse(z.object({ blockId: refId('block') }).strict(), req.params);
    const { asset_ids } = parse(blockConsentQuerySchema, req.query);
    return ok(await blockDownloadConsent(app.db, req.actor, blockId, asset_ids));
  });
  app.get('/guideline-block/:blockId/download.zip', publicRoute, async (req, reply) => {
    const { blockId } = parse(z.object({ blockId: refId('block') }).strict(), req.params);
    const { name, entries } = await openBlockZip(app.db, req.actor, blockId, blockConsent(req));
    return sendZip(app.storage, reply, name, entries, 'private, no-store');
  });

  // Public: browsers navigate to it without a session; the token is the capability, bounded by its creator's current access.
  app.get('/download/:token', { config: { access: 'public' }, exposeHeadRoute: false }, async (req, reply) => {
    const { token } = parse(downloadTokenParamsSchema, req.params);
    const { name, entries } = await openBulkDownload(app.db, token);
    return sendZip(app.storage, reply, name, entries);
  });
};
