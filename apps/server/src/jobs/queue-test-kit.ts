import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import type { TestEnv } from '../test/harness.js';
import type { Processor } from './queue.js';

/* Helpers shared by the job queue tests (queue*.test.ts). */

export const silent: FastifyBaseLogger = pino({ level: 'silent' });

/** A job type no other test (and no app processor) uses. */
export const uniqueType = (kind: string) => `test.${kind}.${randomUUID().slice(0, 8)}`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A promise and the function that resolves it: lets a test hold a job at a chosen point. */
export function latch() {
  let open: () => void = () => {};
  const done = new Promise<void>((r) => {
    open = r;
  });
  return { done, open };
}

export function queueKit(env: () => TestEnv) {
  const db = (): Db => env().started.database.db;

  async function row(id: number) {
    const [r] = await db().select().from(jobs).where(eq(jobs.id, id));
    if (!r) throw new Error(`job ${id} not found`);
    return r;
  }

  /** The database clock (both backends), so comparisons with run_at do not depend on the test process's clock. */
  async function dbNow(): Promise<Date> {
    const res = (await db().execute(sql`select extract(epoch from now())::float8 * 1000 as ms`)) as unknown as { rows: { ms: number }[] };
    // Whole milliseconds, like the timestamps drizzle reads.
    return new Date(Math.floor(Number(res.rows[0]?.ms)));
  }

  /** Makes a waiting job ready now (instead of waiting for its backoff). */
  const makeReady = (id: number) => db().update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id));

  /** A processor that records the payloads it got per job id. */
  function recording(onRun?: (payload: Record<string, unknown>, attempt: number) => Promise<void> | void) {
    const calls: { id: number; payload: Record<string, unknown>; attempt: number }[] = [];
    const failed: { payload: Record<string, unknown>; error: Error }[] = [];
    const processor: Processor = {
      run: async (payload, job) => {
        calls.push({ id: job.id, payload, attempt: job.attempts });
        await onRun?.(payload, job.attempts);
      },
      onFailed: async (payload, error) => {
        failed.push({ payload, error });
      },
    };
    return { processor, calls, failed };
  }

  return { db, row, dbNow, makeReady, recording };
}
