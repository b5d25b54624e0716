import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobs } from '../db/schema.js';
import { forEachBackend } from '../test/harness.js';
import { enqueue, JobWorker, workerIdentity } from './queue.js';
import { latch, queueKit, silent, sleep, uniqueType } from './queue-test-kit.js';

forEachBackend('persisted job queue: concurrent workers and leases', (env) => {
  const { db, row, recording } = queueKit(env);

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
});
