import type { ServerModule } from '../manifest.js';
import { notificationsGraphql } from './graphql.js';
import { notificationMailJob } from './mail.js';
import { notificationRoutes } from './routes.js';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  routes: notificationRoutes,
  graphql: notificationsGraphql,
  jobs: [notificationMailJob],
};
