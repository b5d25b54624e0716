import type { ServerModule } from '../manifest.js';
import { healthRoutes } from './routes.js';

export const healthModule: ServerModule = { name: 'health', sessionRoutes: healthRoutes };
