import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { claimsPlugin } from './access/plugin.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerGraphql } from './graphql/plugin.js';
import { authPlugin } from './http/auth.js';
import { registerEnvelope } from './http/envelope.js';
import { securityHeaders } from './http/security.js';
import { registerWeb } from './http/web.js';
import type { JobWorker } from './jobs/queue.js';
import type { Mailer } from './mail/mailer.js';
import { accessRequestRoutes } from './modules/access-requests/routes.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { assetRoutes } from './modules/assets/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { brandRoutes } from './modules/brands/routes.js';
import { errorPageRoutes } from './modules/error-pages/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { folderRoutes } from './modules/folders/routes.js';
import { groupRoutes } from './modules/groups/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { settingImageRoutes } from './modules/images/routes.js';
import { loginPageRoutes } from './modules/login-page/routes.js';
import { downloadRoutes, mediaRoutes } from './modules/media/routes.js';
import { navigationRoutes } from './modules/navigation/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { tokenRoutes } from './modules/tokens/routes.js';
import { userRoutes } from './modules/users/routes.js';
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
  await app.register(authPlugin);

  const renderApp = await registerWeb(app, config.webDistDir);
  registerEnvelope(app, renderApp);

  // The same domain routes answer /api (session cookie + CSRF) and /v1 (bearer token, stateless).
  const domains = async (api: FastifyInstance) => {
    await api.register(userRoutes);
    await api.register(tokenRoutes);
    await api.register(accountRoutes);
    await api.register(brandRoutes);
    await api.register(navigationRoutes);
    await api.register(errorPageRoutes);
    await api.register(loginPageRoutes);
    await api.register(accessRequestRoutes);
    await api.register(projectRoutes);
    await api.register(groupRoutes);
    await api.register(folderRoutes);
    await api.register(assetRoutes);
    await api.register(fileRoutes);
    await api.register(downloadRoutes);
  };
  await app.register(
    async (api) => {
      await api.register(healthRoutes(database));
      await api.register(authRoutes);
      await domains(api);
    },
    { prefix: '/api' },
  );
  await app.register(domains, { prefix: '/v1' });
  await app.register(mediaRoutes);
  await app.register(settingImageRoutes);
  await registerGraphql(app);
  return app;
}
