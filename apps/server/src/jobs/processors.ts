import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { jobs as jobsTable } from '../db/schema.js';
import { cleanupOrphanFiles, cleanupTemporaryFiles } from '../modules/files/operations.js';
import { cleanupStaleTusUploads } from '../modules/files/tus.js';
import { failRevision, failureMessage, PROCESS_REVISION_JOB, processRevision } from '../modules/media/processing.js';
import { PURGE_MEDIA_JOB, parsePurgePayload, purgeMedia } from '../modules/media/purge.js';
import { enqueue, type JobWorker, PermanentJobError } from './queue.js';

export const FILES_CLEANUP_JOB = 'files.cleanup';
const CLEANUP_EVERY_MS = 3_600_000;

/**
 * Keeps exactly one future 'files.cleanup' job queued (several processes may call this at once).
 * `countRunning`: whether a running cleanup counts as scheduled (at start, yes; from inside the job, no).
 */
export async function scheduleFilesCleanup(db: Db, delayMs: number, countRunning: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    const statuses = countRunning ? ['queued', 'running'] : ['queued'];
    const [existing] = await tx
      .select({ id: jobsTable.id })
      .from(jobsTable)
      .where(and(eq(jobsTable.type, FILES_CLEANUP_JOB), inArray(jobsTable.status, statuses)))
      .limit(1);
    if (!existing) await enqueue(tx, FILES_CLEANUP_JOB, {}, { delayMs, maxAttempts: 3 });
  });
}

function revisionIdOf(payload: Record<string, unknown>): number {
  const id = Number(payload.revisionId);
  if (!Number.isInteger(id) || id <= 0) throw new PermanentJobError('Invalid revisionId');
  return id;
}

/** Every job type and its processor, registered once per process. Domains add theirs here. */
export function registerProcessors(app: FastifyInstance, jobs: JobWorker) {
  const deps = { db: app.db, storage: app.storage, config: app.config };

  jobs.register(PROCESS_REVISION_JOB, {
    run: async (payload, _job, context) => processRevision(deps, revisionIdOf(payload), context),
    onFailed: async (payload, error) => {
      if (!(error instanceof PermanentJobError)) app.log.error({ err: error, payload }, 'revision processing failed');
      await failRevision(app.db, revisionIdOf(payload), failureMessage(error));
    },
  });

  jobs.register(PURGE_MEDIA_JOB, {
    run: async (payload) => {
      await purgeMedia(deps, parsePurgePayload(payload));
    },
  });

  jobs.register(FILES_CLEANUP_JOB, {
    run: async () => {
      const files = await cleanupOrphanFiles(deps);
      const uploads = await cleanupStaleTusUploads(app.config.dataDir);
      const temporary = await cleanupTemporaryFiles(app.storage);
      if (files || uploads || temporary) app.log.info({ files, uploads, temporary }, 'removed unused uploads');
      await scheduleFilesCleanup(app.db, CLEANUP_EVERY_MS, false);
    },
  });

  app.addHook('onReady', async () => {
    await scheduleFilesCleanup(app.db, CLEANUP_EVERY_MS, true);
  });
}
