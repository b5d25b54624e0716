import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';

/** GET /api/health: checks the database; 503 when it does not answer within 3 s. */
export function healthRoutes(database: Database): FastifyPluginAsync {
  return async (app) => {
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
}
