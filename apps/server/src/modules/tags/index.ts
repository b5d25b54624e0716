import type { ServerModule } from '../manifest.js';
import { tagRoutes } from './routes.js';

export const tagsModule: ServerModule = { name: 'tags', routes: tagRoutes };
