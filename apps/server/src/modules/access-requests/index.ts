import type { ServerModule } from '../manifest.js';
import { accessRequestRoutes } from './routes.js';

export const accessRequestsModule: ServerModule = { name: 'access-requests', routes: accessRequestRoutes };
