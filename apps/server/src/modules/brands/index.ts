import type { ServerModule } from '../manifest.js';
import { brandGraphql } from './graphql.js';
import { brandRoutes } from './routes.js';

export const brandsModule: ServerModule = { name: 'brands', routes: brandRoutes, graphql: brandGraphql };
