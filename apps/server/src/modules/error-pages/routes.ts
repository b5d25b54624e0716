import { errorPageCodeParamsSchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { getErrorPage } from './operations.js';

export const errorPageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/error-page/:code', { config: { access: 'public' } }, async (req) => {
    const { code } = parse(errorPageCodeParamsSchema, req.params);
    return ok(await getErrorPage(app.db, req.actor, code));
  });
};
