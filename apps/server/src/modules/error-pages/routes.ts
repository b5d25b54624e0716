import { errorPageCodeParamsSchema, errorPageSaveBodySchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { getErrorPage, updateErrorPage } from './operations.js';

export const errorPageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/error-page/:code', { config: { access: 'public' } }, async (req) => {
    const { code } = parse(errorPageCodeParamsSchema, req.params);
    return ok(await getErrorPage(app.db, req.actor, code));
  });
  app.put('/error-page/:code', { config: { access: 'admin' } }, async (req) => {
    const { code } = parse(errorPageCodeParamsSchema, req.params);
    const body = parse(errorPageSaveBodySchema, req.body) as Record<string, unknown>;
    return ok(await updateErrorPage(app, req.user(), code, body));
  });
};
