import {
  collectionAssetsBodySchema,
  collectionAssetsQuerySchema,
  createCollectionBodySchema,
  idParams,
  removeCollectionAssetsBodySchema,
  updateCollectionBodySchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { assetDepsOf } from '../assets/public.js';
import * as op from './operations.js';

/** REST of collections (docs/api.md "Collections"). */
export const collectionRoutes: FastifyPluginAsync = async (app) => {
  const deps = assetDepsOf(app);
  app.get('/brand/:id/collections', async (req) => {
    const { id } = parse(idParams('brand'), req.params);
    return ok(await op.brandCollections(deps, req.user(), id));
  });
  app.get('/project/:id/collections', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.projectCollections(deps, req.user(), id));
  });
  app.post('/project/:id/collections', async (req, reply) => {
    const { id } = parse(idParams('project'), req.params);
    const body = parse(createCollectionBodySchema, req.body);
    reply.status(201);
    return ok(await op.createCollection(deps, req.user(), id, body));
  });
  app.get('/collection/:id', async (req) => {
    const { id } = parse(idParams('collection'), req.params);
    return ok(await op.getCollection(deps, req.user(), id));
  });
  app.patch('/collection/:id', async (req) => {
    const { id } = parse(idParams('collection'), req.params);
    return ok(await op.updateCollection(deps, req.user(), id, parse(updateCollectionBodySchema, req.body)));
  });
  app.delete('/collection/:id', async (req) => {
    const { id } = parse(idParams('collection'), req.params);
    return ok(await op.deleteCollection(deps, req.user(), id));
  });
  app.get('/collection/:id/assets', async (req) => {
    const { id } = parse(idParams('collection'), req.params);
    return ok(await op.collectionAssets(deps, req.user(), id, parse(collectionAssetsQuerySchema, req.query)));
  });
  app.post('/collection/:id/assets', async (req) => {
    const { id } = parse(idParams('collection'), req.params);
    return ok(await op.addCollectionAssets(deps, req.user(), id, parse(collectionAssetsBodySchema, req.body)));
  });
  app.post('/collection/:id/assets/remove', async (req) => {
    const { id } = parse(idParams('collection'), req.params);
    const body = parse(removeCollectionAssetsBodySchema, req.body);
    return ok(await op.removeCollectionAssets(deps, req.user(), id, body.asset_ids));
  });
};
