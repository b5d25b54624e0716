import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema.js';
import { forEachBackend } from '../test/harness.js';
import { defineJob, enqueueJob, type JobDeps, registerJobs } from './define.js';
import { enqueue, JobWorker } from './queue.js';
import { queueKit, silent, uniqueType } from './queue-test-kit.js';

forEachBackend('jobs defined with a payload schema', (env) => {
  const { db, row } = queueKit(env);
  const deps = (): JobDeps => ({
    db: db(),
    storage: env().started.app.storage,
    mailer: env().started.app.mailer,
    config: env().started.app.config,
    log: silent,
  });

  function counting(name = uniqueType('defined')) {
    const runs: { id: number; label: string }[] = [];
    const failures: { id: number; error: string }[] = [];
    const job = defineJob(
      name,
      z.object({ id: z.number().int().positive(), label: z.string().default('none') }),
      async (_deps, payload) => {
        runs.push(payload);
        if (payload.label === 'boom') throw new Error('boom');
      },
      { maxAttempts: 1, onFailed: async (_deps, payload, error) => void failures.push({ id: payload.id, error: error.message }) },
    );
    return { job, runs, failures };
  }

  it('runs a job with its parsed payload (defaults applied) and marks it done', async () => {
    const { job, runs } = counting();
    const id = await enqueueJob(db(), job, { id: 7 });
    const worker = new JobWorker(db(), silent);
    registerJobs(worker, [job], deps());
    await worker.drain();
    expect(runs).toEqual([{ id: 7, label: 'none' }]);
    expect(await row(id)).toMatchObject({ status: 'done', maxAttempts: 1 });
  });

  it('fails a stored payload that does not match the schema at once, naming the job and the field, without running it', async () => {
    const { job, runs, failures } = counting();
    // Written around enqueueJob (whose payload type would refuse it), as an older version or a hand edit might.
    const id = await enqueue(db(), job.name, { id: 'seven' }, { maxAttempts: 5 });
    const worker = new JobWorker(db(), silent);
    registerJobs(worker, [job], deps());
    await worker.drain();
    expect(runs).toEqual([]);
    // onFailed gets typed payloads only: a malformed one is logged instead.
    expect(failures).toEqual([]);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(new RegExp(`^Invalid ${job.name.replace(/\./g, '\\.')} payload: id: `));
  });

  it('hands a well-formed payload to onFailed after the last attempt', async () => {
    const { job, failures } = counting();
    await enqueueJob(db(), job, { id: 9, label: 'boom' });
    const worker = new JobWorker(db(), silent);
    registerJobs(worker, [job], deps());
    await worker.drain();
    expect(failures).toEqual([{ id: 9, error: 'boom' }]);
  });

  it('keeps exactly one future run of a recurring job queued', async () => {
    let ran = 0;
    const job = defineJob(uniqueType('every'), z.object({}), async () => void ran++, { every: 3_600_000 });
    const worker = new JobWorker(db(), silent);
    const registered = registerJobs(worker, [job], deps());
    const queued = () =>
      db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, job.name), eq(jobs.status, 'queued')));

    await Promise.all([registered.ready(), registered.ready()]);
    const [first, ...more] = await queued();
    expect(more).toEqual([]);
    await db()
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, first!.id));

    await worker.drain();
    expect(ran).toBe(1);
    const next = await queued();
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    await registered.ready();
    expect(await queued()).toHaveLength(1);
  });
});
