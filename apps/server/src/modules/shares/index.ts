import type { ServerModule } from '../manifest.js';
import { shareLinkRoutes, shareVisitorRoutes } from './routes.js';

export const sharesModule: ServerModule = { name: 'shares', routes: shareLinkRoutes, sessionRoutes: shareVisitorRoutes };
