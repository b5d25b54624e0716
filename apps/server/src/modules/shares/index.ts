import type { ServerModule } from '../manifest.js';
import { shareGraphql } from './graphql.js';
import { permissionTokenRoutes } from './permission-tokens-routes.js';
import { shareLinkRoutes, shareVisitorRoutes } from './routes.js';

export const sharesModule: ServerModule = {
  name: 'shares',
  routes: async (app, opts) => {
    await app.register(shareLinkRoutes, opts);
    await app.register(permissionTokenRoutes, opts);
  },
  sessionRoutes: shareVisitorRoutes,
  graphql: shareGraphql,
};
