import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';

export interface JobRow {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export interface JobContext {
  /**
   * Frees this job's slot before the job ends: a job calls it when its heavy part is done (a preview made), so
   * the next job starts while this one stores its results, and the cores do not idle meanwhile.
   */
  release(): void;
}

export interface Processor {
  /** Does the work; throwing schedules a retry with backoff. */
  run(payload: Record<string, unknown>, job: JobRow, context: JobContext): Promise<void>;
  /** Called once when the last attempt failed. */
  onFailed?(payload: Record<string, unknown>, error: Error): Promise<void>;
}

/** Adds a job inside the caller's transaction: it runs only if that transaction commits. */
export async function enqueue(
  tx: Db,
  type: string,
  payload: Record<string, unknown>,
  opts: { maxAttempts?: number; delayMs?: number } = {},
) {
  const [row] = await tx
    .insert(jobs)
    .values({
      type,
      payload,
      maxAttempts: opts.maxAttempts ?? 5,
      runAt: opts.delayMs ? sql`now() + (${opts.delayMs} || ' milliseconds')::interval` : sql`now()`,
    })
    .returning({ id: jobs.id });
  return row?.id ?? 0;
}

/** How long a running job's lease lasts: a job whose worker stopped renewing it for this long is put back. */
export const LEASE_MS = 60_000;
/** How often a worker renews the leases of its running jobs (one UPDATE for all of them). */
export const RENEW_EVERY_MS = 15_000;
/** How often a worker puts back jobs whose lease expired (one UPDATE on the few running rows). */
export const RECLAIM_EVERY_MS = 15_000;
const POLL_MS = 1000;

export interface JobWorkerOptions {
  /** Jobs run at once. */
  concurrency?: number;
  leaseMs?: number;
  renewEveryMs?: number;
  reclaimEveryMs?: number;
}

/** Backoff before attempt n+1: 5 s, 20 s, 80 s, … capped at an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3_600_000, 5000 * 4 ** Math.max(0, attempts - 1));
}

/**
 * The stable part of a worker's `locked_by`: the host name, then the address and port the HTTP server listens
 * on. It is the same after a restart of the same process slot (same host, same HOST and PORT), and it differs
 * between processes running at once, because two live processes cannot listen on the same address and port of
 * one host. A process therefore takes back, the moment it listens, every job still marked as held by its
 * identity: the process that held them is dead. Processes sharing a database must not share a host name and a
 * listening address and port (containers: give replicas distinct host names, as Docker and Kubernetes do).
 */
export function workerIdentity(address: { address: string; port: number }, host = hostname()): string {
  const ip = address.address.includes(':') ? `[${address.address}]` : address.address;
  return `${host}:${ip}:${address.port}`;
}

/**
 * Claims ready jobs with FOR UPDATE SKIP LOCKED, so any number of processes can work one queue.
 *
 * A running job holds a lease: `locked_by` names its worker (`{identity}/{run id}`) and `locked_at` is renewed by
 * that worker every RENEW_EVERY_MS, with one UPDATE for all its running jobs. A job whose lease is older than
 * LEASE_MS (its worker was killed, or lost the database) is put back to queued by any worker, which looks every
 * RECLAIM_EVERY_MS. At start, a worker given an identity (see workerIdentity) takes back at once the jobs its
 * previous run held. A worker that lost a job's lease discards that job's result (another worker runs it again).
 * An attempt that never finished counts: a job claimed again after max_attempts fails without running, so a
 * file that kills the process cannot crash it forever.
 */
export class JobWorker {
  /** This run's `locked_by`; start({ identity }) replaces it before the first claim. */
  private lockedBy = `${hostname()}:pid-${process.pid}/${randomUUID().slice(0, 8)}`;
  /** Set by start({ identity }) until the jobs held by the previous run of this identity were put back. */
  private takeBackPrefix: string | null = null;
  private readonly processors = new Map<string, Processor>();
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;
  private readonly reclaimEveryMs: number;
  private timer: NodeJS.Timeout | undefined;
  /** Jobs holding a slot (a job may free its slot before it ends). */
  private running = 0;
  /** Jobs of this worker that have not ended: their leases are renewed while there are any. */
  private active = 0;
  private renewTimer: NodeJS.Timeout | undefined;
  private renewing = false;
  private stopped = true;
  private polling = false;
  /** A kick that came while a poll was running: poll again right after it instead of waiting POLL_MS. */
  private kicked = false;
  private inFlight = new Set<Promise<void>>();
  /** When expired leases were last put back (0: never, so the first claim does it). */
  private reclaimedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    opts: JobWorkerOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? 2;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.renewEveryMs = opts.renewEveryMs ?? RENEW_EVERY_MS;
    this.reclaimEveryMs = opts.reclaimEveryMs ?? RECLAIM_EVERY_MS;
  }

  register(type: string, processor: Processor) {
    this.processors.set(type, processor);
  }

  /**
   * Starts polling. With an `identity` (workerIdentity of the listening server; call it only once the server
   * listens), jobs still held by an earlier run of that identity are put back before the first claim.
   */
  start(opts: { identity?: string } = {}) {
    if (opts.identity) {
      if (this.active > 0) throw new Error('set the worker identity before it runs jobs');
      this.lockedBy = `${opts.identity}/${randomUUID().slice(0, 8)}`;
      this.takeBackPrefix = `${opts.identity}/`;
    }
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a poll soon (after enqueueing in this process). */
  kick() {
    if (this.stopped) return;
    if (this.polling) this.kicked = true;
    else this.schedule(0);
  }

  /** Stops claiming and waits for the running jobs (whose leases are renewed until they end). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Runs every ready job to completion, including jobs those jobs enqueue (tests, CLI). */
  async drain(): Promise<number> {
    let done = 0;
    for (;;) {
      const claimed = await this.claim(this.concurrency);
      if (claimed.length === 0) return done;
      await Promise.all(claimed.map((j) => this.execute(j)));
      done += claimed.length;
    }
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), ms);
    this.timer.unref();
  }

  private async poll() {
    if (this.stopped || this.polling) return;
    this.polling = true;
    this.kicked = false;
    try {
      const free = this.concurrency - this.running;
      if (free > 0) {
        const claimed = await this.claim(free);
        for (const job of claimed) {
          this.running++;
          let held = true;
          const release = () => {
            if (!held) return;
            held = false;
            this.running--;
            this.kick();
          };
          const p = this.execute(job, release).finally(() => {
            release();
            this.inFlight.delete(p);
          });
          this.inFlight.add(p);
        }
      }
    } catch (err) {
      this.log.error({ err }, 'job poll failed');
    } finally {
      this.polling = false;
      if (!this.stopped) this.schedule(this.kicked ? 0 : POLL_MS);
    }
  }

  /**
   * Claims up to `limit` ready jobs in one statement (no transaction round trips). Before that: once after
   * start({ identity }), the jobs of this identity's previous run are put back; and at most once per
   * reclaimEveryMs, the jobs whose lease expired.
   */
  private async claim(limit: number): Promise<JobRow[]> {
    if (this.takeBackPrefix) {
      const prefix = this.takeBackPrefix;
      const taken = await this.db
        .update(jobs)
        .set({ status: 'queued', lockedAt: null, lockedBy: null })
        .where(and(eq(jobs.status, 'running'), sql`starts_with(${jobs.lockedBy}, ${prefix})`, ne(jobs.lockedBy, this.lockedBy)))
        .returning({ id: jobs.id });
      this.takeBackPrefix = null;
      if (taken.length > 0) this.log.info({ jobs: taken.length }, 'took back the jobs this process held before it stopped');
    }
    const types = [...this.processors.keys()];
    if (types.length === 0) return [];
    if (Date.now() - this.reclaimedAt >= this.reclaimEveryMs) {
      const expired = await this.db
        .update(jobs)
        .set({ status: 'queued', lockedAt: null, lockedBy: null })
        .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, sql`now() - (${this.leaseMs} || ' milliseconds')::interval`)))
        .returning({ id: jobs.id });
      this.reclaimedAt = Date.now();
      if (expired.length > 0) this.log.warn({ jobs: expired.length }, 'put back jobs whose worker stopped renewing their lease');
    }
    const ready = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`), inArray(jobs.type, types)))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({ status: 'running', lockedAt: sql`now()`, lockedBy: this.lockedBy, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, ready))
      .returning({ id: jobs.id, type: jobs.type, payload: jobs.payload, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts });
  }

  /** Renews the leases of all running jobs of this worker in one statement (ended jobs are no longer 'running'). */
  private async renew() {
    if (this.renewing) return;
    this.renewing = true;
    try {
      await this.db
        .update(jobs)
        .set({ lockedAt: sql`now()` })
        .where(and(eq(jobs.lockedBy, this.lockedBy), eq(jobs.status, 'running')));
    } catch (err) {
      this.log.warn({ err }, 'could not renew the leases of running jobs');
    } finally {
      this.renewing = false;
    }
  }

  private jobStarted() {
    this.active++;
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => void this.renew(), this.renewEveryMs);
    this.renewTimer.unref();
  }

  private jobEnded() {
    this.active--;
    if (this.active > 0 || !this.renewTimer) return;
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }

  /** Where this worker still holds the job's lease (else another worker took it over and runs it again). */
  private held(id: number) {
    return and(eq(jobs.id, id), eq(jobs.lockedBy, this.lockedBy), eq(jobs.status, 'running'));
  }

  private async execute(job: JobRow, release: () => void = () => {}) {
    this.jobStarted();
    try {
      await this.attempt(job, release);
    } finally {
      this.jobEnded();
    }
  }

  private async attempt(job: JobRow, release: () => void) {
    const processor = this.processors.get(job.type);
    try {
      if (job.attempts > job.maxAttempts) {
        throw new Error(`attempt ${job.maxAttempts} of ${job.maxAttempts} never finished: the process running it stopped`);
      }
      if (!processor) throw new Error(`no processor for job type ${job.type}`);
      await processor.run(job.payload, job, { release });
      const done = await this.db
        .update(jobs)
        .set({ status: 'done', finishedAt: sql`now()`, lastError: null })
        .where(this.held(job.id))
        .returning({ id: jobs.id });
      if (done.length === 0) this.lostLease(job);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const final = job.attempts >= job.maxAttempts || (error as { permanent?: boolean }).permanent === true;
      this.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: error.message }, final ? 'job failed' : 'job will retry');
      const updated = await this.db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', finishedAt: sql`now()`, lastError: error.message.slice(0, 2000) }
            : {
                status: 'queued',
                lockedAt: null,
                lockedBy: null,
                lastError: error.message.slice(0, 2000),
                runAt: sql`now() + (${backoffMs(job.attempts)} || ' milliseconds')::interval`,
              },
        )
        .where(this.held(job.id))
        .returning({ id: jobs.id });
      if (updated.length === 0) return this.lostLease(job);
      if (final)
        await processor?.onFailed?.(job.payload, error).catch((e: unknown) => this.log.error({ err: e }, 'job onFailed hook failed'));
    }
  }

  private lostLease(job: JobRow) {
    this.log.warn({ jobId: job.id, type: job.type }, 'job lease expired before it ended; its result is discarded');
  }
}

/** An error that retrying cannot fix (a corrupt file, too many pixels): the job fails at once. */
export class PermanentJobError extends Error {
  readonly permanent = true;
}
