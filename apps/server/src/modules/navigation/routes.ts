import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { userNavigation } from './operations.js';

export const navigationRoutes: FastifyPluginAsync = async (app) => {
  app.get('/navigation/user', async (req) => ok(await userNavigation(app.db, req.user())));
};
