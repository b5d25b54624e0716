import type { ServerModule } from '../manifest.js';
import { documentRoutes } from './document-routes.js';
import { guidelineGraphql } from './graphql.js';
import { readerRoutes } from './reader/routes.js';
import { portalRoutes } from './routes.js';
import { guidelineTrashPurgeJob } from './trash.js';

export const guidelinesModule: ServerModule = {
  name: 'guidelines',
  routes: async (app, opts) => {
    await app.register(portalRoutes, opts);
    await app.register(documentRoutes, opts);
  },
  graphql: guidelineGraphql,
  jobs: [guidelineTrashPurgeJob],
  rootRoutes: readerRoutes,
};
