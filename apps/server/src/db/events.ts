import type { Db } from './client.js';
import { events } from './schema.js';

export interface EventInput {
  accountId: number | null;
  actorId: number | null;
  type: string;
  subjectType?: string;
  subjectId?: number;
  data?: Record<string, unknown>;
}

/** Records what happened, inside the caller's transaction. */
export async function recordEvent(tx: Db, e: EventInput): Promise<void> {
  await tx.insert(events).values({
    accountId: e.accountId,
    actorId: e.actorId,
    type: e.type,
    subjectType: e.subjectType ?? null,
    subjectId: e.subjectId ?? null,
    data: e.data ?? {},
  });
}
