import type { ServerModule } from '../manifest.js';
import { tokenRoutes } from './routes.js';

export const tokensModule: ServerModule = { name: 'tokens', routes: tokenRoutes };
