import type { ServerModule } from '../manifest.js';
import { metadataGraphql } from './graphql.js';
import { metadataRoutes } from './routes.js';

export const metadataModule: ServerModule = { name: 'metadata', routes: metadataRoutes, graphql: metadataGraphql };
