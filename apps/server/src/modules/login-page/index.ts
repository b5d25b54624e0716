import type { ServerModule } from '../manifest.js';
import { loginPageRoutes } from './routes.js';

export const loginPageModule: ServerModule = { name: 'login-page', routes: loginPageRoutes };
