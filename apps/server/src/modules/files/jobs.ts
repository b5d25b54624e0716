import { z } from 'zod';
import { defineJob } from '../../jobs/define.js';
import { cleanupOrphanFiles, cleanupTemporaryFiles } from './operations.js';
import { cleanupStaleTusUploads } from './tus.js';

/** Hourly: removes uploads nothing uses any more (orphan files, stale tus uploads, temporary files). */
export const filesCleanupJob = defineJob(
  'files.cleanup',
  z.object({}),
  async (deps) => {
    const files = await cleanupOrphanFiles(deps);
    const uploads = await cleanupStaleTusUploads(deps.config.dataDir);
    const temporary = await cleanupTemporaryFiles(deps.storage);
    if (files || uploads || temporary) deps.log.info({ files, uploads, temporary }, 'removed unused uploads');
  },
  { every: 3_600_000, maxAttempts: 3 },
);
