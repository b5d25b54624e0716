import type { ServerModule } from '../manifest.js';
import { collectionGraphql } from './graphql.js';
import { collectionRoutes } from './routes.js';

export const collectionsModule: ServerModule = { name: 'collections', routes: collectionRoutes, graphql: collectionGraphql };
