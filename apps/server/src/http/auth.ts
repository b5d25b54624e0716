import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { JobWorker } from '../jobs/queue.js';
import { safeEqual } from '../lib/secrets.js';
import { resolveSession } from '../modules/auth/operations.js';
import { SessionCache } from '../modules/auth/session-cache.js';
import { resolveToken } from '../modules/tokens/operations.js';
import type { Storage } from '../storage/storage.js';
import { type Actor, requireActor, requireAdmin } from './actor.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';

export const SESSION_COOKIE = 'emblem_session';

/** Who may call a route at all; the operation then checks the record through its policy. */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    storage: Storage;
    jobs: JobWorker;
    /** This process's cache of session lookups (modules/auth/session-cache.ts). */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The session's CSRF token (cookie sessions only). */
    csrfToken: string | null;
    /** The signed-in actor; throws 401 when there is none. */
    user(): Actor;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

/** Static files of the web app and signed media need no session lookup. */
function isStaticPath(path: string): boolean {
  if (path.startsWith('/api/') || path.startsWith('/v1/') || path.startsWith('/graphql-internal')) return false;
  // Signed media URLs carry their own credential (the signature); a session adds nothing to them.
  if (path.startsWith('/media/')) return true;
  return path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
}

export function sessionCookieOptions(config: Config, req: FastifyRequest, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://') || req.protocol === 'https',
    signed: true,
    ...(expires ? { expires } : {}),
  };
}

/**
 * Resolves the caller once per request:
 * - /v1/* and /graphql-internal with `Authorization: Bearer`: a personal API token, no CSRF (stateless mode);
 * - everything else: the session cookie; unsafe methods then need X-CSRF-Token equal to the session's token.
 * Cookie-less unsafe requests from another origin, or from an opaque one (`Origin: null`), are refused too (login CSRF).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  const sessionCache = new SessionCache();
  await sessionCache.start(opts.database);
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', () => sessionCache.stop());
  app.decorateRequest('actor', null);
  app.decorateRequest('csrfToken', null);
  app.decorateRequest('user', function (this: FastifyRequest) {
    return requireActor(this.actor);
  });

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '';
    if (isStaticPath(path)) return;
    const bearer = bearerToken(req.headers.authorization);
    const isV1 = path === '/v1' || path.startsWith('/v1/');
    if (isV1 || (bearer && path.startsWith('/graphql-internal'))) {
      if (bearer) {
        req.actor = await resolveToken(app.db, bearer);
        if (!req.actor) throw new UnauthorizedError('Invalid API token');
      } else if (req.headers.authorization) {
        throw new UnauthorizedError('Use Authorization: Bearer <token>');
      }
      return;
    }
    if (bearer && path.startsWith('/api/')) {
      throw new UnauthorizedError(`API tokens are accepted on /v1 paths: use /v1${path.slice(4)}`);
    }
    const raw = req.cookies[SESSION_COOKIE];
    if (raw) {
      const unsigned = req.unsignCookie(raw);
      const resolved = unsigned.valid && unsigned.value ? await resolveSession(app.db, unsigned.value, sessionCache) : null;
      if (resolved) {
        req.actor = resolved.actor;
        req.csrfToken = resolved.csrfToken;
      } else {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
    }
    if (!UNSAFE.has(req.method)) return;
    if (req.csrfToken) {
      const header = req.headers['x-csrf-token'];
      if (typeof header !== 'string' || !safeEqual(header, req.csrfToken)) throw new ForbiddenError('Invalid CSRF token');
      return;
    }
    // Browsers send `Origin: null` from sandboxed frames, data: URLs and the like: any site can make such a page,
    // so it is refused like another site's origin (login CSRF, security issue #9).
    const origin = req.headers.origin;
    if (origin && (origin === 'null' || !sameOrigin(origin, req, app.config))) throw new ForbiddenError('Invalid CSRF token');
  });

  app.addHook('preHandler', async (req) => {
    // Unknown paths answer 404 (API) or the web app, and the app's static files are public.
    if (req.is404 || isStaticPath(req.url.split('?')[0] ?? '')) return;
    const access = req.routeOptions.config?.access ?? 'user';
    if (access === 'user') requireActor(req.actor);
    else if (access === 'admin') requireAdmin(req.actor);
  });

  app.addHook('onSend', async (req, reply) => {
    if (!reply.hasHeader('cache-control')) {
      const path = req.url.split('?')[0] ?? '';
      if (path.startsWith('/api/') || path.startsWith('/v1/') || path.startsWith('/graphql-internal')) {
        reply.header('cache-control', 'no-store');
      }
    }
  });
});

/** Whether an Origin header names this server (its public URL, or the host the request was sent to). */
export function sameOrigin(origin: string, req: FastifyRequest, config: Config): boolean {
  try {
    const o = new URL(origin);
    if (o.origin === new URL(config.publicUrl).origin) return true;
    return o.host === req.headers.host;
  } catch {
    return false;
  }
}
