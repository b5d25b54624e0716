import type { RealtimeEvent, RealtimeMessage } from '@emblem/core';
import { projectChannel } from '@emblem/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The PostgreSQL NOTIFY channel every Emblem process listens on. */
export const REALTIME_PG_CHANNEL = 'emblem_realtime';

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; a larger message goes out without its data. */
const MAX_PAYLOAD = 7_500;

/**
 * What travels through PostgreSQL: a message for a channel's subscribers, or the sign that a user's presence on a
 * project changed (each process then reads the member's current state for its own subscribers).
 */
export type WireMessage = RealtimeMessage | { channel: string; event: 'presence'; data: { user_id: number } };

async function notify(db: Db, message: WireMessage) {
  let payload = JSON.stringify(message);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ ...message, data: {} });
  await db.execute(sql`select pg_notify(${REALTIME_PG_CHANNEL}, ${payload})`);
}

/**
 * Sends `event` to the subscribers of `channel`, in every process. Call it with the operation's transaction: NOTIFY
 * is transactional, so the message leaves only when the change commits, and never for a change rolled back.
 */
export async function publish(db: Db, channel: string, event: RealtimeEvent, data: Record<string, unknown> = {}) {
  await notify(db, { channel, event, data });
}

/** Tells every process that `userId`'s presence on the project changed (inside the transaction that changed it). */
export async function publishPresence(db: Db, projectId: number, userId: number) {
  await notify(db, { channel: projectChannel(projectId), event: 'presence', data: { user_id: userId } });
}
