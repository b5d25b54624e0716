import type { ServerModule } from '../manifest.js';
import { workflowsGraphql } from './graphql.js';
import { workflowRoutes } from './routes.js';

export const workflowsModule: ServerModule = { name: 'workflows', routes: workflowRoutes, graphql: workflowsGraphql };
