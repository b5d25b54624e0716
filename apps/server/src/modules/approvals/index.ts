import type { ServerModule } from '../manifest.js';
import { approvalsGraphql } from './graphql.js';
import { approvalSettleJob } from './jobs.js';
import { approvalRoutes } from './routes.js';

export const approvalsModule: ServerModule = {
  name: 'approvals',
  routes: approvalRoutes,
  graphql: approvalsGraphql,
  jobs: [approvalSettleJob],
};
