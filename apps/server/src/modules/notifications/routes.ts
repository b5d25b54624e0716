import { idParams, markNotificationBodySchema, notificationSettingsBodySchema, notificationsQuerySchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/** The notification centre and its switches (docs/api.md "Notifications"; decision 0050): under /api and /v1. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.get('/notifications', async (req) => ok(await op.listNotifications(app.db, req.user(), parse(notificationsQuerySchema, req.query))));
  app.get('/notifications/unread-count', async (req) => ok(await op.unreadNotificationCount(app.db, req.user())));
  app.post('/notifications/read-all', async (req) => ok(await op.markAllNotificationsRead(app.db, req.user())));
  app.put('/notification/:id/read', async (req) => {
    const { id } = parse(idParams('notification'), req.params);
    return ok(await op.markNotification(app.db, req.user(), id, parse(markNotificationBodySchema, req.body)));
  });
  app.get('/user/notification-settings', async (req) => ok(await op.notificationSettings(app.db, req.user())));
  app.put('/user/notification-settings', async (req) =>
    ok(await op.saveNotificationSettings(app.db, req.user(), parse(notificationSettingsBodySchema, req.body))),
  );
};
