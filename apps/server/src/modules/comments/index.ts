import type { ServerModule } from '../manifest.js';
import { commentGraphql } from './graphql.js';
import { commentRoutes } from './routes.js';

export const commentsModule: ServerModule = { name: 'comments', routes: commentRoutes, graphql: commentGraphql };
