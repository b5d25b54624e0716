import {
  consentBodySchema,
  consentQuerySchema,
  shareVisitorAssetParamsSchema,
  shareVisitorFolderParamsSchema,
  shareVisitorPageQuerySchema,
} from '@emblem/core';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireShareVisit, unlockCookieReader } from '../../access/index.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { tokenOf } from './routes.js';
import { acceptVisitConsent, visitAsset, visitAssets, visitConsent, visitFolder } from './visitor.js';

/**
 * What visitors of a share link do (docs/api.md "Share links"), public and only under /api: the address token is
 * the credential (checked on every request with the unlock cookie, access/share-visitors.ts).
 */
export const shareVisitorContentRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const pub = { config: { access: 'public' as const } };
  const deps = { db: app.db, secret: app.config.sessionSecret };
  const visitOf = (req: FastifyRequest) => requireShareVisit(app.db, tokenOf(req), unlockCookieReader(req));

  app.get('/share-link/:token/folders/:folderId', pub, async (req, reply) => {
    const visit = await visitOf(req);
    const { folderId } = parse(shareVisitorFolderParamsSchema, req.params);
    reply.header('cache-control', 'private, no-store');
    return ok(await visitFolder(deps, visit, folderId, parse(shareVisitorPageQuerySchema, req.query)));
  });
  app.get('/share-link/:token/assets', pub, async (req, reply) => {
    const visit = await visitOf(req);
    reply.header('cache-control', 'private, no-store');
    return ok(await visitAssets(deps, visit, parse(shareVisitorPageQuerySchema, req.query)));
  });
  // Usage consent before downloads (decision 0031), bound to the link and the visitor's address.
  app.get('/share-link/:token/consent', pub, async (req, reply) => {
    const visit = await visitOf(req);
    const { asset_ids } = parse(consentQuerySchema, req.query);
    reply.header('cache-control', 'private, no-store');
    return ok(await visitConsent(app.db, visit, asset_ids));
  });
  app.post('/share-link/:token/consent', pub, async (req, reply) => {
    const visit = await visitOf(req);
    const body = parse(consentBodySchema, req.body);
    reply.status(201);
    return ok(await acceptVisitConsent(deps, visit, req.ip ?? 'unknown', body));
  });
  app.get('/share-link/:token/assets/:assetId', pub, async (req, reply) => {
    const visit = await visitOf(req);
    const { assetId } = parse(shareVisitorAssetParamsSchema, req.params);
    reply.header('cache-control', 'private, no-store');
    return ok(await visitAsset(deps, visit, assetId));
  });
};
