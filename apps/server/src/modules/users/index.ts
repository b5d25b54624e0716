import type { ServerModule } from '../manifest.js';
import { userGraphql } from './graphql.js';
import { userRoutes } from './routes.js';

export const usersModule: ServerModule = { name: 'users', routes: userRoutes, graphql: userGraphql };
