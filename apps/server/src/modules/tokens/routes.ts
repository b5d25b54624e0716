import { createTokenBodySchema, idParams } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

export const tokenRoutes: FastifyPluginAsync = async (app) => {
  app.post('/user/tokens', async (req, reply) => {
    const body = parse(createTokenBodySchema, req.body);
    reply.status(201);
    return ok(await op.createToken(app.db, req.user(), body));
  });
  app.get('/user/tokens', async (req) => ok(await op.listTokens(app.db, req.user())));
  app.delete('/user/tokens/:id', async (req) => {
    const { id } = parse(idParams('token'), req.params);
    await op.revokeToken(app.db, req.user(), id);
    return ok({ id });
  });
};
