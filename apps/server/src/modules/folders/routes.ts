import { createSetBodySchema, idParams, projectIdParamsSchema, setListQuerySchema, updateSetBodySchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

export const folderRoutes: FastifyPluginAsync = async (app) => {
  app.get('/project/:id/set', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.folderTree(app.db, req.user(), id));
  });
  app.get('/project/:id/sets', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.folderList(app.db, req.user(), id, parse(setListQuerySchema, req.query)));
  });
  app.post('/set/create/:projectId', async (req, reply) => {
    const { projectId } = parse(projectIdParamsSchema, req.params);
    const body = parse(createSetBodySchema, req.body);
    reply.status(201);
    return ok(await op.createSet(app.db, req.user(), projectId, body));
  });
  app.patch('/set/:id', async (req) => {
    const { id } = parse(idParams('folder'), req.params);
    return ok(await op.updateSet(app.db, req.user(), id, parse(updateSetBodySchema, req.body)));
  });
  app.delete('/set/:id', async (req) => {
    const { id } = parse(idParams('folder'), req.params);
    return ok(await op.deleteSet(app.db, req.user(), id));
  });
};
