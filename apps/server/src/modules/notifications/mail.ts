import type { NotificationType } from '@emblem/core';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { defineJob, enqueueJob } from '../../jobs/define.js';
import { mailMessage } from '../../mail/templates/index.js';
import { linkOf } from './present.js';
import * as q from './queries.js';

/*
 * Notification e-mails, batched (decision 0050): the first notification a user may get by e-mail queues one job a
 * minute later; every notification until it runs joins the same e-mail. The job sends one message listing what is
 * still unread and not e-mailed, then marks those e-mailed.
 */

/** How long a notification waits for others to join its e-mail. */
export const MAIL_BATCH_MS = 60_000;

export const notificationMailJob = defineJob(
  'notifications.email',
  z.object({ user_id: z.number().int().positive() }).strict(),
  async ({ db, mailer, config }, { user_id: userId }) => {
    const user = await q.mailRecipient(db, userId);
    if (!user) return;
    const rows = await q.mailable(db, userId);
    if (rows.length === 0) return;
    const items = rows.map((n) => ({
      type: n.row.type as NotificationType,
      actorName: n.actorName,
      assetTitle: n.assetTitle,
      projectName: n.projectName,
      url: linkOf({ brandId: n.brandId, projectId: n.row.projectId, assetId: n.row.assetId }, config.publicUrl),
      data: n.row.data,
    }));
    await mailer.send(
      mailMessage('notifications', user.email, user.language, { name: user.name, items, link: `${config.publicUrl}/notifications` }),
    );
    await q.markEmailed(
      db,
      rows.map((n) => n.row.id),
    );
  },
);

/**
 * Makes sure one e-mail job of each of `userIds` is waiting (inside the caller's transaction): a user who has one
 * queued already gets no second, so everything that happens until it runs goes into one message.
 */
export async function scheduleMail(tx: Db, userIds: number[]): Promise<void> {
  for (const userId of userIds) {
    await q.lockUserMail(tx, userId);
    if (await q.hasQueuedJob(tx, notificationMailJob.name, userId)) continue;
    await enqueueJob(tx, notificationMailJob, { user_id: userId }, { delayMs: MAIL_BATCH_MS });
  }
}
