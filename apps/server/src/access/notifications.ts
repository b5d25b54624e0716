import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError } from '../http/errors.js';
import { findNotification, type NotificationRow } from '../modules/notifications/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';

/** A notification is its recipient's alone, in the account they are signed in to: anyone else's is 404 (decision 0050). */
export async function requireNotification(db: Db, actor: Actor, id: number): Promise<Checked<'notification', NotificationRow>> {
  noteChecked('notification', id);
  const found = await findNotification(db, id, actor.accountId);
  if (!found || found.recipientId !== actor.userId) throw new NotFoundError();
  return seal('notification', id, found);
}
