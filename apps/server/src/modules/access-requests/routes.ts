import { createAccessRequestBodySchema, decideAccessRequestBodySchema, idParams } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

export const accessRequestRoutes: FastifyPluginAsync = async (app) => {
  app.get('/access-requests', async (req) => ok(await op.listAccessRequests(app.db, req.user())));
  app.post('/access-requests', async (req, reply) => {
    const body = parse(createAccessRequestBodySchema, req.body);
    reply.status(201);
    return ok(await op.createAccessRequest(app.db, req.user(), body));
  });
  app.patch('/access-requests/:id', async (req) => {
    const { id } = parse(idParams('access_request'), req.params);
    const { status } = parse(decideAccessRequestBodySchema, req.body);
    return ok(await op.decideAccessRequest(app.db, req.user(), id, status));
  });
};
