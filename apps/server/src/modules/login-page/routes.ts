import { loginPageSaveBodySchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { getLoginPage, updateLoginPage } from './operations.js';

/** The sign-in page's settings (login-page builder, /auth). */
export const loginPageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/login-page', { config: { access: 'public' } }, async (req) => ok(await getLoginPage(app.db, req.actor)));
  app.put('/login-page', { config: { access: 'admin' } }, async (req) => {
    const body = parse(loginPageSaveBodySchema, req.body) as Record<string, unknown>;
    return ok(await updateLoginPage(app, req.user(), body));
  });
};
