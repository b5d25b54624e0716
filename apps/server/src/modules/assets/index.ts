import type { ServerModule } from '../manifest.js';
import { assetGraphql } from './graphql.js';
import { assetRoutes } from './routes.js';

export const assetsModule: ServerModule = { name: 'assets', routes: assetRoutes, graphql: assetGraphql };
