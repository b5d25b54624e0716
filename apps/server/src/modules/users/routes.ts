import { userIdParamsSchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

export const userRoutes: FastifyPluginAsync = async (app) => {
  app.get('/user/info', async (req) => ok(await op.currentUser(app.db, req.user())));
  app.get('/user/info/:userId', async (req) => {
    const { userId } = parse(userIdParamsSchema, req.params);
    return ok(await op.userInfo(app.db, req.user(), userId));
  });
};
