import type { ServerModule } from '../manifest.js';
import { processRevisionJob } from './processing.js';
import { purgeMediaJob } from './purge.js';
import { downloadRoutes, mediaRoutes } from './routes.js';
import { shareDownloadRoutes } from './share-routes.js';

export const mediaModule: ServerModule = {
  name: 'media',
  routes: downloadRoutes,
  rootRoutes: mediaRoutes,
  sessionRoutes: shareDownloadRoutes,
  jobs: [processRevisionJob, purgeMediaJob],
};
