import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { Storage } from '../storage/storage.js';
import { enqueue, type JobContext, type JobRow, type JobWorker, PermanentJobError } from './queue.js';

/** What a job's code may use: the process's database, storage, mailer, configuration and logger. */
export interface JobDeps {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

export interface JobOptions<P> {
  /** Attempts before the job fails for good (default 5). */
  maxAttempts?: number;
  /** Called once when the last attempt failed (the payload passed its schema). */
  onFailed?(deps: JobDeps, payload: P, error: Error): Promise<void>;
  /**
   * A recurring job: exactly one future run stays queued, `every` ms after the last one ended (the first is
   * queued when the server is ready). Its payload is `{}`.
   */
  every?: number;
}

/**
 * A job type: its name, the schema of its payload and the code that runs it. Enqueue it with enqueueJob, so a
 * wrong payload fails to compile; a stored payload that does not match the schema fails the job at once, loudly.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> extends JobOptions<z.output<S>> {
  readonly name: string;
  readonly schema: S;
  run(deps: JobDeps, payload: z.output<S>, context: JobContext & { job: JobRow }): Promise<void>;
}

export function defineJob<S extends z.ZodType>(
  name: string,
  schema: S,
  run: JobDefinition<S>['run'],
  options: JobOptions<z.output<S>> = {},
): JobDefinition<S> {
  return { name, schema, run, ...options };
}

/** Adds a job inside the caller's transaction: it runs only if that transaction commits. */
export function enqueueJob<S extends z.ZodType>(
  tx: Db,
  job: JobDefinition<S>,
  payload: z.input<S>,
  opts: { delayMs?: number } = {},
): Promise<number> {
  return enqueue(tx, job.name, payload as Record<string, unknown>, { maxAttempts: job.maxAttempts ?? 5, delayMs: opts.delayMs });
}

/** The stored payload, checked against the job's schema; a mismatch is a PermanentJobError naming the job. */
export function parseJobPayload<S extends z.ZodType>(job: JobDefinition<S>, payload: unknown): z.output<S> {
  const parsed = job.schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ');
  throw new PermanentJobError(`Invalid ${job.name} payload: ${issues}`);
}

/**
 * Keeps exactly one future run of a recurring job queued (several processes may call this at once).
 * `countRunning`: whether a running one counts as scheduled (at start, yes; from inside the job, no).
 */
export async function scheduleRecurring(db: Db, job: JobDefinition, delayMs: number, countRunning: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job:${job.name}`}))`);
    const statuses = countRunning ? ['queued', 'running'] : ['queued'];
    const [existing] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, job.name), inArray(jobs.status, statuses)))
      .limit(1);
    if (!existing) await enqueueJob(tx, job, {}, { delayMs });
  });
}

/** Registers each job type with the worker; a recurring job's first run is queued when `ready` runs. */
export function registerJobs(worker: JobWorker, definitions: readonly JobDefinition[], deps: JobDeps) {
  for (const job of definitions) {
    worker.register(job.name, {
      run: async (payload, row, context) => {
        await job.run(deps, parseJobPayload(job, payload), { ...context, job: row });
        if (job.every) await scheduleRecurring(deps.db, job, job.every, false);
      },
      onFailed: async (payload, error) => {
        const parsed = job.schema.safeParse(payload);
        if (!parsed.success) {
          deps.log.error({ job: job.name, err: error }, 'a stored job payload does not match its schema');
          return;
        }
        await job.onFailed?.(deps, parsed.data, error);
      },
    });
  }
  return {
    /** Queues the first run of each recurring job (call once the database is ready). */
    ready: async () => {
      for (const job of definitions) if (job.every) await scheduleRecurring(deps.db, job, job.every, true);
    },
  };
}
