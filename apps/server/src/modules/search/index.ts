import type { ServerModule } from '../manifest.js';
import { searchGraphql } from './graphql.js';
import { searchRoutes } from './routes.js';

export const searchModule: ServerModule = { name: 'search', routes: searchRoutes, graphql: searchGraphql };
