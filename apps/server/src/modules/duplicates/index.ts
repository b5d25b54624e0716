import type { ServerModule } from '../manifest.js';
import { duplicateRoutes } from './routes.js';

export const duplicatesModule: ServerModule = { name: 'duplicates', routes: duplicateRoutes };
