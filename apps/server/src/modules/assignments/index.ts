import type { ServerModule } from '../manifest.js';
import { assignmentsGraphql } from './graphql.js';
import { dueReminderJob } from './jobs.js';
import { assignmentRoutes } from './routes.js';

export const assignmentsModule: ServerModule = {
  name: 'assignments',
  routes: assignmentRoutes,
  graphql: assignmentsGraphql,
  jobs: [dueReminderJob],
};
