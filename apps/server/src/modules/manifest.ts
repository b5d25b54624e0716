import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.js';
import type { JobDefinition } from '../jobs/define.js';

/** What app.ts hands every route plugin of a module. */
export interface ModuleRouteOptions {
  database: Database;
}

export type ModuleRoutes = FastifyPluginAsync<ModuleRouteOptions>;

/**
 * What a server module adds to Emblem, exported once from `modules/<name>/index.ts` and listed once in
 * `modules/index.ts`. app.ts, the GraphQL schema and the job worker iterate that list; nothing else names a module.
 */
export interface ServerModule {
  name: string;
  /** Domain routes, served twice: under /api (session cookie and CSRF) and under /v1 (bearer token, stateless). */
  routes?: ModuleRoutes;
  /** Routes served only under /api (sign-in, health): they belong to the browser session or need none. */
  sessionRoutes?: ModuleRoutes;
  /** Routes outside /api and /v1 (user files served from their own paths). */
  rootRoutes?: ModuleRoutes;
  /** Adds the module's GraphQL types and fields to the one schema builder. */
  graphql?: () => void;
  /** The module's job types. */
  jobs?: readonly JobDefinition[];
}
