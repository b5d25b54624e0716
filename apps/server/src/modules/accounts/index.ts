import type { ServerModule } from '../manifest.js';
import { accountGraphql } from './graphql.js';
import { accountRoutes } from './routes.js';

export const accountsModule: ServerModule = { name: 'accounts', routes: accountRoutes, graphql: accountGraphql };
