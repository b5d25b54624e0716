import type { ServerModule } from '../manifest.js';
import { licenceGraphql } from './graphql.js';
import { blockConsentRoutes, licenceRoutes } from './routes.js';

export const licencesModule: ServerModule = {
  name: 'licences',
  routes: licenceRoutes,
  sessionRoutes: blockConsentRoutes,
  graphql: licenceGraphql,
};
