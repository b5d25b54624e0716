import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../db/schema.js';
import { forEachBackend } from '../test/harness.js';
import { backoffMs, enqueue, JobWorker, PermanentJobError, workerIdentity } from './queue.js';
import { queueKit, silent, sleep, uniqueType } from './queue-test-kit.js';

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
  const { db, row, dbNow, makeReady, recording } = queueKit(env);

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
