import { brandListQuerySchema, createBrandBodySchema, idParams, updateBrandBodySchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { readImageSave } from '../images/public.js';
import * as op from './operations.js';

/** The avatar's image save with its fit (`avatar_fit`), or undefined when the body does not change the avatar. */
function avatarSave(body: Record<string, unknown>) {
  const save = readImageSave(body, 'avatar');
  return save && { ...save, fit: body.avatar_fit === 'pad' ? ('pad' as const) : ('crop' as const) };
}

export const brandRoutes: FastifyPluginAsync = async (app) => {
  app.get('/brand', async (req) => {
    const query = parse(brandListQuerySchema, req.query);
    return ok(await op.listBrands(app.db, req.user(), query.account_id));
  });
  app.get('/brand/:id', async (req) => {
    const { id } = parse(idParams('brand'), req.params);
    return ok(await op.getBrand(app.db, req.user(), id));
  });
  app.get('/brand/:id/home', async (req) => {
    const { id } = parse(idParams('brand'), req.params);
    return ok(await op.brandHome({ db: app.db, secret: app.config.sessionSecret }, req.user(), id));
  });
  app.post('/brand', async (req, reply) => {
    const body = parse(createBrandBodySchema, req.body);
    reply.status(201);
    return ok(await op.createBrand(app.db, req.user(), body));
  });
  app.patch('/brand/:id', async (req) => {
    const { id } = parse(idParams('brand'), req.params);
    const body = parse(updateBrandBodySchema, req.body);
    const input = { name: body.name, slug: body.slug, avatar: avatarSave(body) };
    return ok(await op.updateBrand(app, req.user(), id, input));
  });
  app.delete('/brand/:id', async (req) => {
    const { id } = parse(idParams('brand'), req.params);
    await op.deleteBrand(app.db, req.user(), id);
    return ok({ id });
  });
  app.put('/brand/:id/favourite', async (req) => {
    const { id } = parse(idParams('brand'), req.params);
    return ok(await op.setFavourite(app.db, req.user(), id, true));
  });
  app.delete('/brand/:id/favourite', async (req) => {
    const { id } = parse(idParams('brand'), req.params);
    return ok(await op.setFavourite(app.db, req.user(), id, false));
  });
};
