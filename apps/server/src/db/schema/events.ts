import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.js';
import { createdAt } from './columns.js';

/** What happened: written in the same transaction as the change it records. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    subjectType: text('subject_type'),
    subjectId: integer('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_account_idx').on(t.accountId, t.createdAt),
    // An asset's audit trail (decision 0049): its events, newest first.
    index('events_subject_idx').on(t.subjectType, t.subjectId, t.id),
  ],
);
