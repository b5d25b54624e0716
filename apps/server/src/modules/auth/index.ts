import type { ServerModule } from '../manifest.js';
import { authRoutes } from './routes.js';

export const authModule: ServerModule = { name: 'auth', sessionRoutes: authRoutes };
