import type { ServerModule } from '../manifest.js';
import { fileGraphql } from './graphql.js';
import { filesCleanupJob } from './jobs.js';
import { fileRoutes } from './routes.js';

export const filesModule: ServerModule = { name: 'files', routes: fileRoutes, graphql: fileGraphql, jobs: [filesCleanupJob] };
