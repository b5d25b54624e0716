import { type NotificationType, userChannel } from '@emblem/core';
import type { Db } from '../../db/client.js';
import { publish } from '../realtime/public.js';
import { scheduleMail } from './mail.js';
import * as q from './queries.js';

/** What happened, to whom: the input of notify(). */
export interface NotifyInput {
  /** Who should know; the caller names only people who may see the record (the actor is dropped here). */
  recipientIds: readonly number[];
  type: NotificationType;
  /** Who did it: never notified of their own action. */
  actorId: number | null;
  projectId?: number | null;
  assetId?: number | null;
  commentId?: number | null;
  /** The approval request of review requests and decisions. */
  requestId?: number | null;
  /** A few values the text needs (a due date, a decision); ids and short words only. */
  data?: Record<string, unknown>;
}

/**
 * Notifies users, inside the caller's transaction (decision 0050): drops the actor and those who switched `type`
 * off in the app, inserts one row per recipient in one statement, publishes `notification` on each recipient's
 * channel (sent when the transaction commits) and queues the batched e-mail of those who want this type by
 * e-mail. Answers the ids of the notifications made.
 */
export async function notify(tx: Db, input: NotifyInput): Promise<number[]> {
  const unique = [...new Set(input.recipientIds)].filter((id) => id !== input.actorId);
  const off = await q.switchedOff(tx, unique, input.type, 'inApp');
  const recipients = unique.filter((id) => !off.has(id));
  const rows = await q.insertNotifications(
    tx,
    recipients.map((recipientId) => ({
      recipientId,
      type: input.type,
      actorId: input.actorId,
      projectId: input.projectId ?? null,
      assetId: input.assetId ?? null,
      commentId: input.commentId ?? null,
      requestId: input.requestId ?? null,
      data: input.data ?? {},
    })),
  );
  for (const row of rows) await publish(tx, userChannel(row.recipientId), 'notification', { notification_id: row.id });
  const noMail = await q.switchedOff(tx, recipients, input.type, 'email');
  await scheduleMail(
    tx,
    recipients.filter((id) => !noMail.has(id)),
  );
  return rows.map((r) => r.id);
}
