import type { RealtimeEvent, RealtimeMessage } from '@emblem/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The PostgreSQL NOTIFY channel every Emblem process listens on. */
export const REALTIME_PG_CHANNEL = 'emblem_realtime';

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; a larger message goes out without its data. */
const MAX_PAYLOAD = 7_500;

/**
 * Sends `event` to the subscribers of `channel`, in every process. Call it with the operation's transaction: NOTIFY
 * is transactional, so the message leaves only when the change commits, and never for a change rolled back.
 */
export async function publish(db: Db, channel: string, event: RealtimeEvent, data: Record<string, unknown> = {}) {
  const message: RealtimeMessage = { channel, event, data };
  let payload = JSON.stringify(message);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ ...message, data: {} });
  await db.execute(sql`select pg_notify(${REALTIME_PG_CHANNEL}, ${payload})`);
}
