import type { ServerModule } from '../manifest.js';
import { groupGraphql } from './graphql.js';
import { groupRoutes } from './routes.js';

export const groupsModule: ServerModule = { name: 'groups', routes: groupRoutes, graphql: groupGraphql };
