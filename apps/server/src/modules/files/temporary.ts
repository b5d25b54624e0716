import type { FastifyBaseLogger } from 'fastify';
import { CONNECTION_IDLE_MS } from '../../http/limits.js';
import { sweepStaleEntries } from '../../lib/stale-files.js';
import type { Storage } from '../../storage/storage.js';
import { TUS_STALE_MS, tusDirectory } from './tus.js';

/**
 * With several processes on one DATA_DIR, a temporary file untouched for this long belongs to none of them: a
 * request that sends nothing for CONNECTION_IDLE_MS is cut off (and its file removed), and the files a process
 * writes and then reads (spooled uploads, preview pixels) are read within minutes of their last write.
 */
export const SHARED_TEMPORARY_IDLE_MS = 3 * CONNECTION_IDLE_MS;

/**
 * At start-up, before the server listens: removes the temporary files no running upload or job owns, so a crash
 * does not leave them on disk. Running uploads and jobs live in processes; `exclusive` says that this process is
 * the only one using DATA_DIR (embedded PGlite, which one process alone can open), so nothing is owned yet and
 * every plain file in the temporary directory goes. Otherwise (PostgreSQL: other processes may share DATA_DIR)
 * only files untouched for SHARED_TEMPORARY_IDLE_MS go. Unfinished tus uploads stay in either case, because a
 * client may resume them after the restart; like the hourly cleanup, this removes those untouched for
 * TUS_STALE_MS.
 */
export async function removeLeftoverTemporaryFiles(
  deps: { storage: Pick<Storage, 'tempDir'>; dataDir: string; log: FastifyBaseLogger },
  opts: { exclusive: boolean },
): Promise<{ files: number; bytes: number }> {
  const temporary = await sweepStaleEntries(deps.storage.tempDir(), opts.exclusive ? 0 : SHARED_TEMPORARY_IDLE_MS, { filesOnly: true });
  const uploads = await sweepStaleEntries(tusDirectory(deps.dataDir), TUS_STALE_MS, { filesOnly: true });
  const removed = { files: temporary.entries + uploads.entries, bytes: temporary.bytes + uploads.bytes };
  deps.log.info({ ...removed, exclusive: opts.exclusive }, 'removed leftover temporary files');
  return removed;
}
