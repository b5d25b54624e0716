import type { ServerModule } from '../manifest.js';
import { settingImageRoutes } from './routes.js';

export const imagesModule: ServerModule = { name: 'images', rootRoutes: settingImageRoutes };
