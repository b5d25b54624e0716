import {
  commentsQuerySchema,
  createCommentBodySchema,
  editCommentBodySchema,
  idParams,
  replyCommentBodySchema,
  resolveCommentBodySchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/** Comments on assets (docs/api.md "Comments"; decision 0046): under /api and /v1. */
export const commentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/asset/:id/comments', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    const { filter } = parse(commentsQuerySchema, req.query);
    return ok(await op.listComments(app.db, req.user(), id, filter));
  });
  app.post('/asset/:id/comments', async (req, reply) => {
    const { id } = parse(idParams('asset'), req.params);
    const body = parse(createCommentBodySchema, req.body);
    const comment = await op.createComment(app.db, req.user(), id, body);
    reply.status(201);
    return ok(comment);
  });
  app.post('/comment/:id/replies', async (req, reply) => {
    const { id } = parse(idParams('comment'), req.params);
    const body = parse(replyCommentBodySchema, req.body);
    const comment = await op.replyToComment(app.db, req.user(), id, body);
    reply.status(201);
    return ok(comment);
  });
  app.patch('/comment/:id', async (req) => {
    const { id } = parse(idParams('comment'), req.params);
    return ok(await op.editComment(app.db, req.user(), id, parse(editCommentBodySchema, req.body)));
  });
  app.delete('/comment/:id', async (req) => {
    const { id } = parse(idParams('comment'), req.params);
    return ok(await op.deleteComment(app.db, req.user(), id));
  });
  app.put('/comment/:id/resolved', async (req) => {
    const { id } = parse(idParams('comment'), req.params);
    return ok(await op.resolveComment(app.db, req.user(), id, parse(resolveCommentBodySchema, req.body)));
  });
};
