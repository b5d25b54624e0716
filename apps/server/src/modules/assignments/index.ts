import type { ServerModule } from '../manifest.js';
import { assignmentsGraphql } from './graphql.js';
import { assignmentRoutes } from './routes.js';

export const assignmentsModule: ServerModule = { name: 'assignments', routes: assignmentRoutes, graphql: assignmentsGraphql };
