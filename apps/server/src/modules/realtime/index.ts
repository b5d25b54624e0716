import type { ServerModule } from '../manifest.js';
import { realtimeRoutes } from './routes.js';

export const realtimeModule: ServerModule = { name: 'realtime', routes: realtimeRoutes };
