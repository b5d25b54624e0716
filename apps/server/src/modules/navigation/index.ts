import type { ServerModule } from '../manifest.js';
import { navigationRoutes } from './routes.js';

export const navigationModule: ServerModule = { name: 'navigation', routes: navigationRoutes };
