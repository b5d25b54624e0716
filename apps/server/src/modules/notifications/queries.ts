import type { NotificationType } from '@emblem/core';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, jobs, memberships, notificationPreferences, notifications, projects, users } from '../../db/schema.js';

/* The SQL of notifications and their switches (decision 0050). */

export type NotificationRow = typeof notifications.$inferSelect;
export type PreferenceRow = typeof notificationPreferences.$inferSelect;

/** Those of `userIds` who switched `type` off in the app (`channel` 'inApp') or by e-mail ('email'). */
export async function switchedOff(db: Db, userIds: number[], type: NotificationType, channel: 'inApp' | 'email'): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, userIds),
        eq(notificationPreferences.type, type),
        eq(notificationPreferences[channel], false),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Inserts the notifications in one statement. */
export function insertNotifications(db: Db, values: (typeof notifications.$inferInsert)[]): Promise<{ id: number; recipientId: number }[]> {
  if (values.length === 0) return Promise.resolve([]);
  return db.insert(notifications).values(values).returning({ id: notifications.id, recipientId: notifications.recipientId });
}

/** A notification with the names it is presented with. */
export interface ListedNotification {
  row: NotificationRow;
  actorName: string | null;
  assetTitle: string | null;
  projectName: string | null;
  brandId: number | null;
}

/** Notifications with the names they are presented with. */
function selectListed(db: Db) {
  return db
    .select({ row: notifications, actorName: users.name, assetTitle: assets.title, projectName: projects.name, brandId: projects.brandId })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(assets, eq(assets.id, notifications.assetId))
    .leftJoin(projects, eq(projects.id, notifications.projectId))
    .$dynamic();
}

/** A page of a user's notifications in one account, newest first, below `beforeId`. */
export function notificationsOf(
  db: Db,
  userId: number,
  accountId: number,
  opts: { unread: boolean; beforeId: number | null; limit: number },
): Promise<ListedNotification[]> {
  return selectListed(db)
    .where(
      and(
        eq(notifications.recipientId, userId),
        eq(projects.accountId, accountId),
        opts.unread ? isNull(notifications.readAt) : undefined,
        opts.beforeId === null ? undefined : lt(notifications.id, opts.beforeId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(opts.limit);
}

export async function listedNotification(db: Db, id: number): Promise<ListedNotification | null> {
  const [row] = await selectListed(db).where(eq(notifications.id, id));
  return row ?? null;
}

export async function unreadCount(db: Db, userId: number, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt), inAccount(accountId)));
  return Number(row?.n ?? 0);
}

/** Notifications about the projects of one account (a user of several accounts sees those of the one they use). */
const inAccount = (accountId: number) =>
  sql`exists (select 1 from ${projects} p where p.id = ${notifications.projectId} and p.account_id = ${accountId})`;

/** A notification about a project of `accountId`. */
export async function findNotification(db: Db, id: number, accountId: number): Promise<NotificationRow | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), inAccount(accountId)))
    .limit(1);
  return row ?? null;
}

export async function setRead(db: Db, id: number, read: boolean): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(eq(notifications.id, id));
}

/** Marks every unread notification of a user in one account read; answers how many. */
export async function markAllRead(db: Db, userId: number, accountId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt), inAccount(accountId)))
    .returning({ id: notifications.id });
  return rows.length;
}

export function preferencesOf(db: Db, userId: number): Promise<PreferenceRow[]> {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export async function savePreferences(db: Db, rows: PreferenceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
    });
}

/** Serialises the e-mail scheduling of one user across transactions (released at commit). */
export async function lockUserMail(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`notifications.email:${userId}`}))`);
}

/** Whether a job of `type` for `userId` is still waiting to run. */
export async function hasQueuedJob(db: Db, type: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, type), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'user_id' = ${String(userId)}`))
    .limit(1);
  return row !== undefined;
}

/** The user an e-mail goes to. */
export async function mailRecipient(db: Db, userId: number): Promise<{ email: string; name: string | null; language: string } | null> {
  const [row] = await db.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * What one e-mail of a user lists: their notifications not e-mailed yet and still unread, whose type they did not
 * switch off by e-mail, in projects of accounts they still belong to; oldest first.
 */
export function mailable(db: Db, userId: number): Promise<ListedNotification[]> {
  return selectListed(db)
    .innerJoin(memberships, and(eq(memberships.accountId, projects.accountId), eq(memberships.userId, notifications.recipientId)))
    .where(
      and(
        eq(notifications.recipientId, userId),
        isNull(notifications.emailedAt),
        isNull(notifications.readAt),
        sql`not exists (select 1 from ${notificationPreferences} p where p.user_id = ${notifications.recipientId}
          and p.type = ${notifications.type} and p.email = false)`,
      ),
    )
    .orderBy(notifications.id);
}

export async function markEmailed(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notifications).set({ emailedAt: sql`now()` }).where(inArray(notifications.id, ids));
}

/** The notifications of `type` about `assetIds` already made: who got one about which asset, and its data. */
export async function sentAbout(
  db: Db,
  type: NotificationType,
  assetIds: readonly number[],
): Promise<{ recipientId: number; assetId: number | null; data: Record<string, unknown> }[]> {
  if (!assetIds.length) return [];
  const rows = await db
    .select({ recipientId: notifications.recipientId, assetId: notifications.assetId, data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.type, type), inArray(notifications.assetId, [...assetIds])));
  return rows.map((r) => ({ ...r, data: (r.data ?? {}) as Record<string, unknown> }));
}
