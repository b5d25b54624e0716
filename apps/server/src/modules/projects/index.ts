import type { ServerModule } from '../manifest.js';
import { projectGraphql } from './graphql.js';
import { projectRoutes } from './routes.js';

export const projectsModule: ServerModule = { name: 'projects', routes: projectRoutes, graphql: projectGraphql };
