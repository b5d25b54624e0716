import { assetListBodySchema, createPermissionTokenBodySchema, permissionTokenListBodySchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { assetDepsOf, listAssets } from '../assets/public.js';
import { createPermissionToken, listByPermissionToken } from './permission-tokens.js';

/** Permission tokens (docs/api.md "Permission tokens"): under /api and /v1. */
export const permissionTokenRoutes: FastifyPluginAsync = async (app) => {
  const deps = assetDepsOf(app);
  app.post('/asset/permission-token', async (req, reply) => {
    const body = parse(createPermissionTokenBodySchema, req.body);
    reply.status(201);
    return ok(await createPermissionToken(app.db, req.user(), body));
  });
  /**
   * The asset list (docs/api.md "Assets"): with `permission_token` it answers that token's assets to anyone holding
   * it, session or not; otherwise the signed-in caller's list by ids or folder.
   */
  app.post('/asset/list', { config: { access: 'public' } }, async (req) => {
    const body = req.body;
    if (typeof body === 'object' && body !== null && 'permission_token' in body)
      return ok(await listByPermissionToken(deps, parse(permissionTokenListBodySchema, body)));
    const actor = req.user();
    return ok(await listAssets(deps, actor, parse(assetListBodySchema, body)));
  });
};
