import {
  createShareLinkBodySchema,
  idParams,
  shareLinkListQuerySchema,
  shareTokenParamsSchema,
  unlockShareLinkBodySchema,
  updateShareLinkBodySchema,
} from '@emblem/core';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sessionCookieOptions } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { NotFoundError } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

export const shareDeps = (app: FastifyInstance): op.ShareDeps => ({ db: app.db, publicUrl: app.config.publicUrl });

/** Managing share links (docs/api.md "Share links"): under /api and /v1. */
export const shareLinkRoutes: FastifyPluginAsync = async (app) => {
  const deps = shareDeps(app);
  app.post('/share-link', async (req, reply) => {
    const body = parse(createShareLinkBodySchema, req.body);
    reply.status(201);
    return ok(await op.createShareLink(deps, req.user(), body));
  });
  app.get('/project/:id/share-links', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.listShareLinks(app.db, req.user(), id, parse(shareLinkListQuerySchema, req.query)));
  });
  app.patch('/share-link/:id', async (req) => {
    const { id } = parse(idParams('share_link'), req.params);
    return ok(await op.updateShareLink(app.db, req.user(), id, parse(updateShareLinkBodySchema, req.body)));
  });
  app.post('/share-link/:id/address', async (req) => {
    const { id } = parse(idParams('share_link'), req.params);
    return ok(await op.renewShareLinkAddress(deps, req.user(), id));
  });
  app.delete('/share-link/:id', async (req) => {
    const { id } = parse(idParams('share_link'), req.params);
    return ok(await op.deleteShareLink(app.db, req.user(), id));
  });
};

/** The address token of a visitor's request; anything else is an unknown link (404), like a wrong token. */
export function tokenOf(req: FastifyRequest): string {
  const parsed = shareTokenParamsSchema.safeParse({ token: (req.params as { token?: unknown }).token });
  if (!parsed.success) throw new NotFoundError('This share link does not exist, was turned off or has expired');
  return parsed.data.token;
}

/** The unlock cookie of a link as this request carries it (verified signature), or null. */
export function unlockCookieOf(req: FastifyRequest, link: { id: number }): string | null {
  const raw = req.cookies[op.unlockCookieName(link)];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** What visitors call (no account): only under /api, where the browser's cookies are. */
export const shareVisitorRoutes: FastifyPluginAsync = async (app) => {
  const pub = { config: { access: 'public' as const } };
  app.get('/share-link/:token', pub, async (req) => {
    const token = tokenOf(req);
    return ok(await op.lookupShareLink(app.db, token, (link) => unlockCookieOf(req, link)));
  });
  app.post('/share-link/:token/unlock', pub, async (req, reply) => {
    const token = tokenOf(req);
    const { password } = parse(unlockShareLinkBodySchema, req.body);
    const { link, until } = await op.unlockShareLink(app.db, token, password, req.ip ?? 'unknown');
    reply.setCookie(op.unlockCookieName(link), op.unlockValue(link, until), sessionCookieOptions(app.config, req, until));
    return ok({ unlocked: true, until: until.toISOString() });
  });
};
