import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
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

const STALE_AFTER_MS = 10 * 60_000;
const RECLAIM_EVERY_MS = 60_000;
const POLL_MS = 1000;

/** Backoff before attempt n+1: 5 s, 20 s, 80 s, … capped at an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3_600_000, 5000 * 4 ** Math.max(0, attempts - 1));
}

/**
 * Claims ready jobs with FOR UPDATE SKIP LOCKED, so any number of processes can work one queue.
 * Jobs left running by a crashed process are claimed again after STALE_AFTER_MS.
 */
export class JobWorker {
  private readonly id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly processors = new Map<string, Processor>();
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  private stopped = true;
  private polling = false;
  /** A kick that came while a poll was running: poll again right after it instead of waiting POLL_MS. */
  private kicked = false;
  private inFlight = new Set<Promise<void>>();
  /** When stale locks were last put back (0: never, so the first claim does it). */
  private reclaimedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly concurrency = 2,
  ) {}

  register(type: string, processor: Processor) {
    this.processors.set(type, processor);
  }

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a poll soon (after enqueueing in this process). */
  kick() {
    if (this.stopped) return;
    if (this.polling) this.kicked = true;
    else this.schedule(0);
  }

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
   * Claims up to `limit` ready jobs in one statement (no transaction round trips). Jobs whose worker vanished
   * are put back first, at most once per RECLAIM_EVERY_MS: a lock only goes stale after STALE_AFTER_MS.
   */
  private async claim(limit: number): Promise<JobRow[]> {
    const types = [...this.processors.keys()];
    if (types.length === 0) return [];
    if (Date.now() - this.reclaimedAt >= RECLAIM_EVERY_MS) {
      await this.db
        .update(jobs)
        .set({ status: 'queued', lockedAt: null, lockedBy: null })
        .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, sql`now() - (${STALE_AFTER_MS} || ' milliseconds')::interval`)));
      this.reclaimedAt = Date.now();
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
      .set({ status: 'running', lockedAt: sql`now()`, lockedBy: this.id, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, ready))
      .returning({ id: jobs.id, type: jobs.type, payload: jobs.payload, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts });
  }

  private async execute(job: JobRow, release: () => void = () => {}) {
    const processor = this.processors.get(job.type);
    try {
      if (!processor) throw new Error(`no processor for job type ${job.type}`);
      await processor.run(job.payload, job, { release });
      await this.db.update(jobs).set({ status: 'done', finishedAt: sql`now()`, lastError: null }).where(eq(jobs.id, job.id));
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const final = job.attempts >= job.maxAttempts || (error as { permanent?: boolean }).permanent === true;
      this.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: error.message }, final ? 'job failed' : 'job will retry');
      await this.db
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
        .where(eq(jobs.id, job.id));
      if (final)
        await processor?.onFailed?.(job.payload, error).catch((e: unknown) => this.log.error({ err: e }, 'job onFailed hook failed'));
    }
  }
}

/** An error that retrying cannot fix (a corrupt file, too many pixels): the job fails at once. */
export class PermanentJobError extends Error {
  readonly permanent = true;
}
