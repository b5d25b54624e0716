import type { ServerModule } from '../manifest.js';
import { submissionGraphql } from './graphql.js';
import { submissionPublicRoutes, submissionRequestRoutes } from './routes.js';

export const submissionsModule: ServerModule = {
  name: 'submissions',
  routes: submissionRequestRoutes,
  sessionRoutes: submissionPublicRoutes,
  graphql: submissionGraphql,
};
