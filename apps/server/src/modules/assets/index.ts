import type { ServerModule } from '../manifest.js';
import { assetExpiryJob } from './expiry.js';
import { assetGraphql } from './graphql.js';
import { assetRoutes } from './routes.js';
import { assetTrashPurgeJob } from './trash.js';

export const assetsModule: ServerModule = {
  name: 'assets',
  routes: assetRoutes,
  graphql: assetGraphql,
  jobs: [assetTrashPurgeJob, assetExpiryJob],
};
