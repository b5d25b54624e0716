import type { ServerModule } from '../manifest.js';
import { portalRoutes } from './routes.js';

export const guidelinesModule: ServerModule = { name: 'guidelines', routes: portalRoutes };
