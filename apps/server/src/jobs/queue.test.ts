import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import { forEachBackend } from '../test/harness.js';
import { backoffMs, enqueue, JobWorker, PermanentJobError, type Processor, workerIdentity } from './queue.js';

const silent: FastifyBaseLogger = pino({ level: 'silent' });

/** A job type no other test (and no app processor) uses. */
const uniqueType = (kind: string) => `test.${kind}.${randomUUID().slice(0, 8)}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A promise and the function that resolves it: lets a test hold a job at a chosen point. */
function latch() {
  let open: () => void = () => {};
  const done = new Promise<void>((r) => {
    open = r;
  });
  return { done, open };
}

describe('backoffMs', () => {
  it('waits 5 s, 20 s, 80 s … before the next attempt, capped at one hour', () => {
    expect(backoffMs(1)).toBe(5_000);
    expect(backoffMs(2)).toBe(20_000);
    expect(backoffMs(3)).toBe(80_000);
    expect(backoffMs(4)).toBe(320_000);
    expect(backoffMs(5)).toBe(1_280_000);
    expect(backoffMs(6)).toBe(3_600_000);
    expect(backoffMs(50)).toBe(3_600_000);
    expect(backoffMs(0)).toBe(5_000);
  });
});

describe('workerIdentity', () => {
  it('names the host, the listening address and the port', () => {
    expect(workerIdentity({ address: '127.0.0.1', port: 3000 }, 'web-1')).toBe('web-1:127.0.0.1:3000');
    expect(workerIdentity({ address: '::1', port: 8080 }, 'web-1')).toBe('web-1:[::1]:8080');
    expect(workerIdentity({ address: '0.0.0.0', port: 3000 })).toMatch(/^.+:0\.0\.0\.0:3000$/);
  });
});

forEachBackend('persisted job queue', (env) => {
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

  it('runs an enqueued job with its payload and marks the row done', async () => {
    const type = uniqueType('ok');
    const id = await enqueue(db(), type, { hello: 'world', n: 3 });
    expect(id).toBeGreaterThan(0);
    expect(await row(id)).toMatchObject({ type, status: 'queued', attempts: 0, lockedBy: null, finishedAt: null });

    const worker = new JobWorker(db(), silent);
    const { processor, calls } = recording();
    worker.register(type, processor);
    expect(await worker.drain()).toBe(1);

    expect(calls).toEqual([{ id, payload: { hello: 'world', n: 3 }, attempt: 1 }]);
    const done = await row(id);
    expect(done.status).toBe('done');
    expect(done.attempts).toBe(1);
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(done.lockedBy).toEqual(expect.any(String));
    expect(done.lockedBy).not.toBe('');
    expect(done.lastError).toBeNull();

    // Done jobs are not run again.
    expect(await worker.drain()).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('runs a job enqueued in a transaction only if that transaction commits', async () => {
    const type = uniqueType('tx');
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, type, { rolledBack: true });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const committed = await db().transaction((tx) => enqueue(tx, type, { rolledBack: false }));

    const worker = new JobWorker(db(), silent);
    const { processor, calls } = recording();
    worker.register(type, processor);
    expect(await worker.drain()).toBe(1);
    expect(calls).toEqual([{ id: committed, payload: { rolledBack: false }, attempt: 1 }]);
    expect(await db().select().from(jobs).where(eq(jobs.type, type))).toHaveLength(1);
  });

  it('does not run a delayed job before its time', async () => {
    const type = uniqueType('delay');
    const id = await enqueue(db(), type, {}, { delayMs: 60_000 });
    const worker = new JobWorker(db(), silent);
    const { processor, calls } = recording();
    worker.register(type, processor);
    expect(await worker.drain()).toBe(0);
    expect(calls).toHaveLength(0);
    expect((await row(id)).status).toBe('queued');

    await makeReady(id);
    expect(await worker.drain()).toBe(1);
    expect((await row(id)).status).toBe('done');
  });

  it('survives a restart: a new worker picks up a job enqueued while none ran', async () => {
    const type = uniqueType('restart');
    // The process that enqueued it has a worker for the type but never ran it, then went away.
    const before = new JobWorker(db(), silent);
    const first = recording();
    before.register(type, first.processor);
    const id = await enqueue(db(), type, { file: 42 });
    await before.stop();

    const after = new JobWorker(db(), silent);
    const second = recording();
    after.register(type, second.processor);
    expect(await after.drain()).toBe(1);

    expect(first.calls).toHaveLength(0);
    expect(second.calls).toEqual([{ id, payload: { file: 42 }, attempt: 1 }]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('retries a failed job after a backoff and then completes it', async () => {
    const type = uniqueType('retry');
    const id = await enqueue(db(), type, { try: 'again' });
    const worker = new JobWorker(db(), silent);
    const { processor, calls, failed } = recording((_payload, attempt) => {
      if (attempt === 1) throw new Error('storage unavailable');
    });
    worker.register(type, processor);

    const t0 = await dbNow();
    expect(await worker.drain()).toBe(1);
    const t1 = await dbNow();

    const waiting = await row(id);
    expect(waiting.status).toBe('queued');
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toBe('storage unavailable');
    expect(waiting.lockedAt).toBeNull();
    expect(waiting.lockedBy).toBeNull();
    expect(waiting.finishedAt).toBeNull();
    // run_at = (time of failure) + backoffMs(1), and the failure happened between t0 and t1.
    expect(waiting.runAt.getTime()).toBeGreaterThan(t0.getTime() + 4_000);
    expect(waiting.runAt.getTime()).toBeGreaterThanOrEqual(t0.getTime() + backoffMs(1));
    expect(waiting.runAt.getTime()).toBeLessThanOrEqual(t1.getTime() + backoffMs(1));

    // Not ready yet: another drain right away leaves it alone.
    expect(await worker.drain()).toBe(0);
    expect(calls).toHaveLength(1);
    expect((await row(id)).status).toBe('queued');

    await makeReady(id);
    expect(await worker.drain()).toBe(1);
    expect(calls.map((c) => c.attempt)).toEqual([1, 2]);
    expect(calls[1]?.payload).toEqual({ try: 'again' });
    const done = await row(id);
    expect(done).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(failed).toHaveLength(0);
  });

  it('fails a job for good after max_attempts and calls onFailed once', async () => {
    const type = uniqueType('exhaust');
    const id = await enqueue(db(), type, { doomed: true }, { maxAttempts: 3 });
    const worker = new JobWorker(db(), silent);
    const { processor, calls, failed } = recording((_payload, attempt) => {
      throw new Error(`broken ${attempt}`);
    });
    worker.register(type, processor);

    expect(await worker.drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'broken 1' });
    expect(failed).toHaveLength(0);

    await makeReady(id);
    const t0 = await dbNow();
    expect(await worker.drain()).toBe(1);
    const t1 = await dbNow();
    const second = await row(id);
    expect(second).toMatchObject({ status: 'queued', attempts: 2, lastError: 'broken 2' });
    // The second backoff is longer: 20 s.
    expect(second.runAt.getTime()).toBeGreaterThanOrEqual(t0.getTime() + backoffMs(2));
    expect(second.runAt.getTime()).toBeLessThanOrEqual(t1.getTime() + backoffMs(2));
    expect(failed).toHaveLength(0);

    await makeReady(id);
    expect(await worker.drain()).toBe(1);
    const last = await row(id);
    expect(last).toMatchObject({ status: 'failed', attempts: 3, lastError: 'broken 3' });
    expect(last.finishedAt).toBeInstanceOf(Date);
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.payload).toEqual({ doomed: true });
    expect(failed[0]?.error).toBeInstanceOf(Error);
    expect(failed[0]?.error.message).toBe('broken 3');

    // A failed job is never claimed again, even once its run_at has passed.
    await makeReady(id);
    expect(await worker.drain()).toBe(0);
    expect(calls).toHaveLength(3);
    expect(failed).toHaveLength(1);
    expect((await row(id)).status).toBe('failed');
  });

  it('fails a job at once on a PermanentJobError', async () => {
    const type = uniqueType('permanent');
    const id = await enqueue(db(), type, { corrupt: true }, { maxAttempts: 5 });
    const worker = new JobWorker(db(), silent);
    const { processor, calls, failed } = recording(() => {
      throw new PermanentJobError('corrupt file');
    });
    worker.register(type, processor);

    expect(await worker.drain()).toBe(1);
    const r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 1, lastError: 'corrupt file' });
    expect(r.finishedAt).toBeInstanceOf(Date);
    expect(calls).toHaveLength(1);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.error).toBeInstanceOf(PermanentJobError);
    expect(failed[0]?.payload).toEqual({ corrupt: true });

    await makeReady(id);
    expect(await worker.drain()).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('never runs a job twice when two workers drain the same queue at once', async () => {
    const type = uniqueType('race');
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await enqueue(db(), type, { i }));

    const runs = new Map<number, number>();
    const byWorker = [0, 0];
    const make = (w: 0 | 1) => {
      const worker = new JobWorker(db(), silent, { concurrency: 3 });
      worker.register(type, {
        run: async (_payload, job) => {
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
          byWorker[w] = (byWorker[w] ?? 0) + 1;
          // Hold the job a little so the other worker's claims interleave with it.
          await sleep(15);
        },
      });
      return worker;
    };
    const a = make(0);
    const b = make(1);

    const [doneA, doneB] = await Promise.all([a.drain(), b.drain()]);
    expect(doneA + doneB).toBe(10);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    for (const id of ids) expect(runs.get(id)).toBe(1);
    expect((byWorker[0] ?? 0) + (byWorker[1] ?? 0)).toBe(10);

    const rows = await db().select().from(jobs).where(eq(jobs.type, type));
    expect(rows).toHaveLength(10);
    for (const r of rows) expect(r).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('takes over a job whose lease expired, but not one whose lease is recent', async () => {
    const staleType = uniqueType('stale');
    const liveType = uniqueType('live');
    const staleId = await enqueue(db(), staleType, { stale: true });
    const liveId = await enqueue(db(), liveType, { stale: false });
    // The default lease is one minute.
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedAt: sql`now() - interval '2 minutes'`, lockedBy: 'dead-worker-1' })
      .where(eq(jobs.id, staleId));
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedAt: sql`now() - interval '10 seconds'`, lockedBy: 'busy-worker-2' })
      .where(eq(jobs.id, liveId));

    const worker = new JobWorker(db(), silent);
    const stale = recording();
    const live = recording();
    worker.register(staleType, stale.processor);
    worker.register(liveType, live.processor);
    expect(await worker.drain()).toBe(1);

    expect(stale.calls).toEqual([{ id: staleId, payload: { stale: true }, attempt: 2 }]);
    const taken = await row(staleId);
    expect(taken.status).toBe('done');
    expect(taken.attempts).toBe(2);
    expect(taken.lockedBy).toEqual(expect.any(String));
    expect(taken.lockedBy).not.toBe('dead-worker-1');

    expect(live.calls).toHaveLength(0);
    expect(await row(liveId)).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'busy-worker-2' });
  });

  it('renews the leases of its running jobs while they run, and no longer once a job ended', async () => {
    const type = uniqueType('renew');
    const short = await enqueue(db(), type, { n: 1 });
    const long = await enqueue(db(), type, { n: 2 });
    const seen: { longAdvanced: boolean; shortLockedAt: Date | null; shortLater: Date | null } = {
      longAdvanced: false,
      shortLockedAt: null,
      shortLater: null,
    };
    const worker = new JobWorker(db(), silent, { concurrency: 2, renewEveryMs: 20 });
    worker.register(type, {
      run: async (payload) => {
        if (payload.n === 1) return;
        // The short job ends; the long one watches its own lease move on while the short one's stays put.
        for (let i = 0; i < 250 && (await row(short)).status !== 'done'; i++) await sleep(20);
        seen.shortLockedAt = (await row(short)).lockedAt;
        const claimedAt = (await row(long)).lockedAt?.getTime() ?? 0;
        for (let i = 0; i < 250 && !seen.longAdvanced; i++) {
          await sleep(20);
          seen.longAdvanced = ((await row(long)).lockedAt?.getTime() ?? 0) > claimedAt;
        }
        // Two more renewal periods at least.
        const renewedAt = (await row(long)).lockedAt?.getTime() ?? 0;
        for (let i = 0; i < 250 && ((await row(long)).lockedAt?.getTime() ?? 0) <= renewedAt; i++) await sleep(20);
        seen.shortLater = (await row(short)).lockedAt;
      },
    });
    expect(await worker.drain()).toBe(2);

    expect(seen.longAdvanced).toBe(true);
    expect(seen.shortLockedAt).toBeInstanceOf(Date);
    expect(seen.shortLater?.getTime()).toBe(seen.shortLockedAt?.getTime());
    expect(await row(short)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await row(long)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('does not take over a job whose worker keeps renewing its lease', async () => {
    const type = uniqueType('renewed');
    const id = await enqueue(db(), type, {});
    const { done: mayFinish, open: finish } = latch();
    const { done: running, open: started } = latch();
    const holder = new JobWorker(db(), silent, { renewEveryMs: 50 });
    holder.register(type, {
      run: async () => {
        started();
        await mayFinish;
      },
    });
    const held = holder.drain();
    try {
      await running;
      const claimedAt = (await row(id)).lockedAt?.getTime() ?? 0;
      // Another worker with a one-second lease, looking for expired leases on every claim, for 2.5 s of leases.
      const other = new JobWorker(db(), silent, { leaseMs: 1000, reclaimEveryMs: 0 });
      const taken = recording();
      other.register(type, taken.processor);
      let renewedFor = 0;
      for (let i = 0; i < 500 && renewedFor <= 2500; i++) {
        expect(await other.drain()).toBe(0);
        await sleep(50);
        renewedFor = ((await row(id)).lockedAt?.getTime() ?? 0) - claimedAt;
      }
      expect(renewedFor).toBeGreaterThan(2500);
      expect(taken.calls).toHaveLength(0);
      expect((await row(id)).status).toBe('running');
    } finally {
      finish();
      expect(await held).toBe(1);
    }
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('puts back a job once its worker stopped renewing the lease, and discards the late result of that worker', async () => {
    const type = uniqueType('abandoned');
    const id = await enqueue(db(), type, { n: 7 });
    const { done: mayFinish, open: finish } = latch();
    const { done: running, open: started } = latch();
    // A worker that never renews within the test, as if its process hung or died.
    const gone = new JobWorker(db(), silent, { renewEveryMs: 3_600_000 });
    gone.register(type, {
      run: async () => {
        started();
        await mayFinish;
        throw new Error('late failure of the worker that lost the lease');
      },
    });
    const late = gone.drain();
    await running;
    const first = await row(id);
    expect(first).toMatchObject({ status: 'running', attempts: 1 });

    const other = new JobWorker(db(), silent, { leaseMs: 300, reclaimEveryMs: 0 });
    const taken = recording();
    other.register(type, taken.processor);
    let done = 0;
    for (let i = 0; i < 200 && done === 0; i++) {
      done = await other.drain();
      if (done === 0) await sleep(25);
    }
    expect(done).toBe(1);
    expect(taken.calls).toEqual([{ id, payload: { n: 7 }, attempt: 2 }]);
    const after = await row(id);
    expect(after).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(after.lockedBy).not.toBe(first.lockedBy);

    // The first worker's attempt ends (failing) after the takeover: it no longer holds the job, so nothing changes.
    finish();
    expect(await late).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null, lockedBy: after.lockedBy });
  });

  it('takes back at start the jobs its identity held, but not fresh ones of other identities', async () => {
    const type = uniqueType('takeback');
    const host = `host-${randomUUID().slice(0, 8)}`;
    const identity = workerIdentity({ address: '127.0.0.1', port: 4000 }, host);
    const holders = {
      mine: `${identity}/deadbeef`,
      otherHost: `${workerIdentity({ address: '127.0.0.1', port: 4000 }, `${host}x`)}/deadbeef`,
      otherPort: `${workerIdentity({ address: '127.0.0.1', port: 40000 }, host)}/deadbeef`,
      otherAddress: `${workerIdentity({ address: '10.0.0.2', port: 4000 }, host)}/deadbeef`,
    };
    const ids: Record<string, number> = {};
    for (const [name, lockedBy] of Object.entries(holders)) {
      const id = await enqueue(db(), type, { name });
      // Fresh leases: only the identity tells that the holder of the first one is gone.
      await db().update(jobs).set({ status: 'running', attempts: 1, lockedAt: sql`now()`, lockedBy }).where(eq(jobs.id, id));
      ids[name] = id;
    }
    const mine = ids.mine ?? 0;

    const worker = new JobWorker(db(), silent);
    const { processor, calls } = recording();
    worker.register(type, processor);
    worker.start({ identity });
    try {
      for (let i = 0; i < 250 && (await row(mine)).status !== 'done'; i++) await sleep(20);
    } finally {
      await worker.stop();
    }

    expect(calls).toEqual([{ id: mine, payload: { name: 'mine' }, attempt: 2 }]);
    const taken = await row(mine);
    expect(taken).toMatchObject({ status: 'done', attempts: 2 });
    expect(taken.lockedBy?.startsWith(`${identity}/`)).toBe(true);
    expect(taken.lockedBy).not.toBe(holders.mine);
    for (const name of ['otherHost', 'otherPort', 'otherAddress'] as const) {
      expect(await row(ids[name] ?? 0)).toMatchObject({ status: 'running', attempts: 1, lockedBy: holders[name] });
    }
  });

  it('fails without running a job whose last attempt never finished, and calls onFailed', async () => {
    const type = uniqueType('crashloop');
    const id = await enqueue(db(), type, { poison: true }, { maxAttempts: 2 });
    // Both attempts were claimed by processes that died running it.
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 2, lockedAt: sql`now() - interval '2 minutes'`, lockedBy: 'dead-worker-3' })
      .where(eq(jobs.id, id));

    const worker = new JobWorker(db(), silent);
    const { processor, calls, failed } = recording();
    worker.register(type, processor);
    expect(await worker.drain()).toBe(1);

    expect(calls).toHaveLength(0);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.payload).toEqual({ poison: true });
    expect(failed[0]?.error.message).toMatch(/attempt 2 of 2 never finished/);
    const r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 3 });
    expect(r.lastError).toMatch(/never finished/);
    expect(r.finishedAt).toBeInstanceOf(Date);
  });

  it('claims only job types it has a processor for', async () => {
    const known = uniqueType('known');
    const unknown = uniqueType('unknown');
    const knownId = await enqueue(db(), known, {});
    const unknownId = await enqueue(db(), unknown, {});

    const worker = new JobWorker(db(), silent);
    const { processor, calls } = recording();
    worker.register(known, processor);
    expect(await worker.drain()).toBe(1);

    expect(calls.map((c) => c.id)).toEqual([knownId]);
    expect(await row(knownId)).toMatchObject({ status: 'done' });
    expect(await row(unknownId)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lockedAt: null });

    // A worker with no processors at all claims nothing.
    expect(await new JobWorker(db(), silent).drain()).toBe(0);
    expect(await row(unknownId)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('starts the next job when a running job releases its slot, before that job ends', async () => {
    const type = uniqueType('release');
    const first = await enqueue(db(), type, { n: 1 });
    const second = await enqueue(db(), type, { n: 2 });
    const events: string[] = [];
    let finishFirst: () => void = () => {};
    const firstMayEnd = new Promise<void>((r) => {
      finishFirst = r;
    });
    let secondDone: () => void = () => {};
    const secondEnded = new Promise<void>((r) => {
      secondDone = r;
    });
    // One job at a time: without the release, the second job could only start after the first ended.
    const worker = new JobWorker(db(), silent, { concurrency: 1 });
    worker.register(type, {
      run: async (payload, _job, context) => {
        events.push(`start ${payload.n}`);
        if (payload.n === 1) {
          context.release();
          context.release(); // a second call changes nothing
          await firstMayEnd;
        } else {
          secondDone();
        }
        events.push(`end ${payload.n}`);
      },
    });
    worker.start();
    try {
      await secondEnded;
      expect(events).toEqual(['start 1', 'start 2', 'end 2']);
      finishFirst();
      for (let i = 0; i < 100 && (await row(first)).status !== 'done'; i++) await sleep(20);
      expect(await row(first)).toMatchObject({ status: 'done' });
      expect(await row(second)).toMatchObject({ status: 'done' });
    } finally {
      finishFirst();
      await worker.stop();
    }
  });
});
