import type { ServerModule } from '../manifest.js';
import { folderRoutes } from './routes.js';

export const foldersModule: ServerModule = { name: 'folders', routes: folderRoutes };
