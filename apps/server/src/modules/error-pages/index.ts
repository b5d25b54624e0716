import type { ServerModule } from '../manifest.js';
import { errorPageRoutes } from './routes.js';

export const errorPagesModule: ServerModule = { name: 'error-pages', routes: errorPageRoutes };
