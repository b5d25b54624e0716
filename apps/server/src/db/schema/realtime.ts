import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.js';
import { assets } from './assets.js';
import { projectRef } from './projects.js';

/*
 * Who is subscribed to a project's presence channel, in every process (decision 0047): one row per socket and
 * project. The process that holds the socket renews `last_seen`; rows of a process that stopped renewing them expire.
 */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    socketId: text('socket_id').notNull(),
    projectId: projectRef(),
    /** The process holding the socket (a random id per process start). */
    processId: text('process_id').notNull(),
    userId: userRef(),
    /** The asset this socket's viewer shows, if any. */
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.socketId, t.projectId] }),
    index('realtime_presence_project_idx').on(t.projectId, t.userId),
    index('realtime_presence_process_idx').on(t.processId),
    index('realtime_presence_seen_idx').on(t.lastSeen),
  ],
);
