import type { ModuleRoutes } from '../manifest.js';

/** GET /api/health: checks the database; 503 when it does not answer within 3 s. */
export const healthRoutes: ModuleRoutes = async (app, { database }) => {
  app.get('/health', { config: { access: 'public' } }, async (req, reply) => {
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 3000).unref()),
      ]);
      return { status: 'ok' };
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
};
