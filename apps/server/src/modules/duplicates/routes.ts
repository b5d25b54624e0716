import { duplicateGroupParamsSchema, duplicatesQuerySchema, idParams, resolveDuplicatesBodySchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { assetDepsOf } from '../assets/public.js';
import * as op from './operations.js';

/** Duplicates and similar images of a library (docs/api.md "Duplicates", decision 0042): under /api and /v1. */
export const duplicateRoutes: FastifyPluginAsync = async (app) => {
  const deps = assetDepsOf(app);
  app.get('/project/:id/duplicates', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.listDuplicates(deps, req.user(), id, parse(duplicatesQuerySchema, req.query)));
  });
  app.get('/project/:id/duplicates/:groupId', async (req) => {
    const { id, groupId } = parse(duplicateGroupParamsSchema, req.params);
    return ok(await op.getDuplicateGroup(deps, req.user(), id, groupId));
  });
  app.post('/project/:id/duplicates/:groupId/resolve', async (req) => {
    const { id, groupId } = parse(duplicateGroupParamsSchema, req.params);
    return ok(await op.resolveDuplicates(app.db, req.user(), id, groupId, parse(resolveDuplicatesBodySchema, req.body)));
  });
  app.get('/asset/:id/duplicates', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await op.assetDuplicates(deps, req.user(), id));
  });
};
