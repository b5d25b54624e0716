import {
  type MarkNotificationBody,
  NOTIFICATION_PAGE_DEFAULT,
  NOTIFICATION_TYPES,
  type NotificationPage,
  type NotificationResponse,
  type NotificationSettings,
  type NotificationSettingsBody,
  type NotificationsQuery,
} from '@emblem/core';
import { projectLevels, requireNotification } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { presentNotification } from './present.js';
import * as q from './queries.js';

/*
 * The notification centre (decision 0050): each user reads and marks only their own notifications, of the account
 * they are signed in to; REST routes and GraphQL resolvers share these operations. Marking read is the user's own
 * view state and records no event; changing the switches does.
 */

/** Notifications as the API answers them, with the names the recipient may still see. */
async function present(db: Db, actor: Actor, rows: q.ListedNotification[]): Promise<NotificationResponse[]> {
  const levelOf = projectLevels(db, actor);
  return Promise.all(rows.map(async (n) => presentNotification(n, n.row.projectId === null ? null : await levelOf(n.row.projectId))));
}

/** GET /api/notifications, `notifications`: newest first, a page at a time, optionally only the unread. */
export async function listNotifications(db: Db, actor: Actor, query: NotificationsQuery): Promise<NotificationPage> {
  const limit = query.limit ?? NOTIFICATION_PAGE_DEFAULT;
  const rows = await q.notificationsOf(db, actor.userId, actor.accountId, {
    unread: query.unread ?? false,
    beforeId: query.cursor ? Number(query.cursor) : null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    notifications: await present(db, actor, page),
    next_cursor: rows.length > limit ? String(page[page.length - 1]?.row.id) : null,
    unread_count: await q.unreadCount(db, actor.userId, actor.accountId),
  };
}

/** GET /api/notifications/unread-count, `unreadNotificationCount`. */
export async function unreadNotificationCount(db: Db, actor: Actor): Promise<{ unread_count: number }> {
  return { unread_count: await q.unreadCount(db, actor.userId, actor.accountId) };
}

/** PUT /api/notification/{id}/read, `markNotification`: read or unread again; someone else's is 404. */
export async function markNotification(db: Db, actor: Actor, id: number, body: MarkNotificationBody): Promise<NotificationResponse> {
  const notification = await requireNotification(db, actor, id);
  await db.transaction((tx) => q.setRead(tx, notification.id, body.read));
  const [presented] = await present(db, actor, [(await q.listedNotification(db, notification.id)) as q.ListedNotification]);
  return presented as NotificationResponse;
}

/** POST /api/notifications/read-all, `markAllNotificationsRead`: answers how many were unread. */
export async function markAllNotificationsRead(db: Db, actor: Actor): Promise<{ marked: number; unread_count: number }> {
  const marked = await db.transaction((tx) => q.markAllRead(tx, actor.userId, actor.accountId));
  return { marked, unread_count: 0 };
}

/** GET /api/user/notification-settings: every type, on unless switched off. */
export async function notificationSettings(db: Db, actor: Actor): Promise<NotificationSettings> {
  const saved = new Map((await q.preferencesOf(db, actor.userId)).map((p) => [p.type, p]));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const p = saved.get(type);
      return [type, { in_app: p?.inApp ?? true, email: p?.email ?? true }];
    }),
  ) as NotificationSettings;
}

/** PUT /api/user/notification-settings: saves the switches of the types given; answers all of them. */
export async function saveNotificationSettings(db: Db, actor: Actor, body: NotificationSettingsBody): Promise<NotificationSettings> {
  const given = NOTIFICATION_TYPES.flatMap((type) => {
    const s = body[type];
    return s ? [{ userId: actor.userId, type, inApp: s.in_app, email: s.email }] : [];
  });
  await db.transaction(async (tx) => {
    await q.savePreferences(tx, given);
    await audit(tx, actor, 'user:notification-settings', actor.userId, { types: given.map((g) => g.type) });
  });
  return notificationSettings(db, actor);
}
