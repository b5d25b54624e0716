import type { ServerModule } from '../manifest.js';
import { shareGraphql } from './graphql.js';
import { permissionTokenRoutes } from './permission-tokens-routes.js';
import { shareLinkRoutes, shareVisitorRoutes } from './routes.js';
import { shareVisitorContentRoutes } from './visitor-routes.js';

export const sharesModule: ServerModule = {
  name: 'shares',
  routes: async (app, opts) => {
    await app.register(shareLinkRoutes, opts);
    await app.register(permissionTokenRoutes, opts);
  },
  sessionRoutes: async (app, opts) => {
    await app.register(shareVisitorRoutes, opts);
    await app.register(shareVisitorContentRoutes, opts);
  },
  graphql: shareGraphql,
};
