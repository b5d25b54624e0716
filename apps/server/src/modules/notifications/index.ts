import type { ServerModule } from '../manifest.js';
import { notificationMailJob } from './mail.js';

export const notificationsModule: ServerModule = { name: 'notifications', jobs: [notificationMailJob] };
