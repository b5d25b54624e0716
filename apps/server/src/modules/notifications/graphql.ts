import {
  encodeBase64Id,
  markNotificationBodySchema,
  NOTIFICATION_TYPES,
  type NotificationPage,
  type NotificationResponse,
  type NotificationType,
  notificationSettingsBodySchema,
  notificationsQuerySchema,
} from '@emblem/core';
import { actorOf, builder, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/*
 * Notifications in GraphQL: each resolver parses its input with the REST schema and calls the same operation, so
 * the refusals (someone else's notification is 404) are those of the REST routes (decision 0050).
 */
export function notificationsGraphql(): void {
  const TypeRef = builder.enumType('NotificationType', { values: NOTIFICATION_TYPES });
  const Named = builder.objectRef<{ id: number; name: string | null }>('NotificationActor').implement({
    fields: (t) => ({
      id: t.id({ resolve: (u) => encodeBase64Id('User', u.id) }),
      name: t.string({ nullable: true, resolve: (u) => u.name }),
    }),
  });
  const Notification = builder.objectRef<NotificationResponse>('Notification').implement({
    fields: (t) => ({
      id: t.id({ resolve: (n) => encodeBase64Id('Notification', n.id) }),
      type: t.field({ type: TypeRef, resolve: (n) => n.type }),
      createdAt: t.exposeString('created_at'),
      readAt: t.string({ nullable: true, resolve: (n) => n.read_at }),
      actor: t.field({ type: Named, nullable: true, resolve: (n) => n.actor }),
      projectId: t.id({ nullable: true, resolve: (n) => (n.project ? encodeBase64Id('Project', n.project.id) : null) }),
      projectName: t.string({ nullable: true, resolve: (n) => n.project?.name ?? null }),
      assetId: t.id({ nullable: true, resolve: (n) => (n.asset ? encodeBase64Id('Asset', n.asset.id) : null) }),
      assetTitle: t.string({ nullable: true, resolve: (n) => n.asset?.title ?? null }),
      commentId: t.id({ nullable: true, resolve: (n) => (n.comment_id === null ? null : encodeBase64Id('Comment', n.comment_id)) }),
      /** The web app's path of the asset viewer, or null when the recipient can no longer open it. */
      link: t.string({ nullable: true, resolve: (n) => n.link }),
    }),
  });
  const Page = builder.objectRef<NotificationPage>('NotificationPage').implement({
    fields: (t) => ({
      notifications: t.field({ type: [Notification], resolve: (p) => p.notifications }),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.next_cursor }),
      unreadCount: t.exposeInt('unread_count'),
    }),
  });
  type Setting = { type: NotificationType; in_app: boolean; email: boolean };
  const SettingRef = builder.objectRef<Setting>('NotificationSetting').implement({
    fields: (t) => ({
      type: t.field({ type: TypeRef, resolve: (s) => s.type }),
      inApp: t.exposeBoolean('in_app'),
      email: t.exposeBoolean('email'),
    }),
  });
  const SettingInput = builder.inputType('NotificationSettingInput', {
    fields: (t) => ({
      type: t.field({ type: TypeRef, required: true }),
      inApp: t.boolean({ required: true }),
      email: t.boolean({ required: true }),
    }),
  });
  const listOf = (settings: Awaited<ReturnType<typeof op.notificationSettings>>): Setting[] =>
    NOTIFICATION_TYPES.map((type) => ({ type, ...settings[type] }));

  builder.queryFields((t) => ({
    /** My notifications, newest first, as GET /api/notifications. */
    notifications: t.field({
      type: Page,
      args: {
        unread: t.arg.boolean({ required: false }),
        cursor: t.arg.string({ required: false }),
        limit: t.arg.int({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const query = parse(notificationsQuerySchema, {
          ...(args.unread != null ? { unread: String(args.unread) } : {}),
          ...(args.cursor != null ? { cursor: args.cursor } : {}),
          ...(args.limit != null ? { limit: args.limit } : {}),
        });
        return op.listNotifications(ctx.db, actorOf(ctx), query);
      },
    }),
    unreadNotificationCount: t.int({
      resolve: async (_r, _a, ctx) => (await op.unreadNotificationCount(ctx.db, actorOf(ctx))).unread_count,
    }),
    notificationSettings: t.field({
      type: [SettingRef],
      resolve: async (_r, _a, ctx) => listOf(await op.notificationSettings(ctx.db, actorOf(ctx))),
    }),
  }));
  builder.mutationFields((t) => ({
    /** Marks one of my notifications read or unread, as PUT /api/notification/{id}/read. */
    markNotification: t.field({
      type: Notification,
      args: { id: t.arg.id({ required: true }), read: t.arg.boolean({ required: true }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const id = numericId(args.id, 'Notification');
        return op.markNotification(ctx.db, actor, id, parse(markNotificationBodySchema, { read: args.read }));
      },
    }),
    /** Marks all my notifications read; answers how many were unread. */
    markAllNotificationsRead: t.int({
      resolve: async (_r, _a, ctx) => (await op.markAllNotificationsRead(ctx.db, actorOf(ctx))).marked,
    }),
    updateNotificationSettings: t.field({
      type: [SettingRef],
      args: { settings: t.arg({ type: [SettingInput], required: true }) },
      resolve: async (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(
          notificationSettingsBodySchema,
          Object.fromEntries(args.settings.map((s) => [s.type, { in_app: s.inApp, email: s.email }])),
        );
        return listOf(await op.saveNotificationSettings(ctx.db, actor, body));
      },
    }),
  }));
}
