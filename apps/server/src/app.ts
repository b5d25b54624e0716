import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { claimsPlugin } from './access/plugin.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerGraphql } from './graphql/plugin.js';
import { authPlugin } from './http/auth.js';
import { compression } from './http/compression.js';
import { registerEnvelope } from './http/envelope.js';
import { securityHeaders } from './http/security.js';
import { registerWeb } from './http/web.js';
import type { JobWorker } from './jobs/queue.js';
import type { Mailer } from './mail/mailer.js';
import { modules } from './modules/index.js';
import { realtimePlugin } from './modules/realtime/public.js';
import type { Storage } from './storage/storage.js';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the server without listening, so tests can drive it over real HTTP. */
export interface Services {
  storage: Storage;
  jobs: JobWorker;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}

export function createLogger(config: Config): FastifyBaseLogger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'],
  });
}

export async function buildApp(config: Config, database: Database, services: Services): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  });
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('storage', services.storage);
  app.decorate('jobs', services.jobs);
  app.decorate('mailer', services.mailer);

  await app.register(claimsPlugin);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(securityHeaders);
  // Before every route: it hooks each route as it is declared.
  await app.register(compression);
  await app.register(authPlugin, { database });
  // Before the routes: WebSocket routes need the plugin, and the hub listens from start-up.
  await app.register(realtimePlugin, { database });

  const renderApp = await registerWeb(app, config.webDistDir);
  registerEnvelope(app, renderApp);

  // Each module's routes: domain routes answer both /api (session cookie + CSRF) and /v1 (bearer token, stateless).
  const options = { database };
  const domains = async (api: FastifyInstance) => {
    for (const m of modules) if (m.routes) await api.register(m.routes, options);
  };
  await app.register(
    async (api) => {
      for (const m of modules) if (m.sessionRoutes) await api.register(m.sessionRoutes, options);
      await domains(api);
    },
    { prefix: '/api' },
  );
  await app.register(domains, { prefix: '/v1' });
  for (const m of modules) if (m.rootRoutes) await app.register(m.rootRoutes, options);
  await registerGraphql(app);
  return app;
}
