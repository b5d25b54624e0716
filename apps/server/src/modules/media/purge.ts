import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { defineJob, enqueueJob } from '../../jobs/define.js';
import type { Storage } from '../../storage/storage.js';
import { deleteUnusedFile } from '../files/public.js';
import { previewKeyOf } from './processing.js';
import * as q from './queries.js';
import { variantPrefix } from './variant-params.js';

/**
 * What deleted assets leave in storage: each revision's preview master (`derived/previews/{revisionId}.webp`), its
 * cached variants (`derived/transforms/{revisionId}/…`) and the originals no other revision or attachment uses.
 * The operation that deletes the rows lists them and enqueues a `media.purge` job in the same transaction, so the
 * files go only if the delete commits, and still go after a crash (the job is persisted and retried).
 */

/** Revisions and files per job: payloads stay small however large the deleted project was. */
const CHUNK = 1000;

export interface PurgePayload {
  /** [revision id, preview master key or null]. */
  revisions: [number, string | null][];
  /** Originals (revision and attachment files) to delete when nothing uses them any more. */
  files: number[];
}

/**
 * Lists the stored media of the assets in `scope` and enqueues their purge, inside the caller's transaction and
 * before the rows are deleted. Returns the number of jobs enqueued.
 */
export async function enqueueMediaPurge(tx: Db, scope: q.MediaScope): Promise<number> {
  const { revisions, attachmentFileIds } = await q.mediaOfAssets(tx, scope);
  return enqueuePurge(tx, {
    revisions: revisions.map((r) => [r.id, r.previewKey]),
    files: [...new Set([...revisions.map((r) => r.fileId), ...attachmentFileIds])],
  });
}

/** Enqueues the purge of revisions and files already listed (a deleted attachment's file). */
export async function enqueuePurge(tx: Db, what: PurgePayload): Promise<number> {
  const jobs = Math.ceil(Math.max(what.revisions.length, what.files.length) / CHUNK);
  for (let i = 0; i < jobs; i++) {
    const payload: PurgePayload = {
      revisions: what.revisions.slice(i * CHUNK, (i + 1) * CHUNK),
      files: what.files.slice(i * CHUNK, (i + 1) * CHUNK),
    };
    await enqueueJob(tx, purgeMediaJob, payload);
  }
  return jobs;
}

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The job's payload schema: it names storage keys to delete, so only the shapes made above pass. Preview masters
 * are always `derived/previews/{own id}.webp`, or a copy's shared one of another revision.
 */
export const purgePayloadSchema = z.object({
  revisions: z.array(
    z
      .tuple([
        id,
        z
          .string()
          .regex(/^derived\/previews\/\d+\.webp$/)
          .nullish(),
      ])
      .transform(([revisionId, key]): [number, string | null] => [revisionId, key ?? null]),
  ),
  files: z.array(id),
});

/**
 * The job: cached variants, preview masters no remaining revision shows, then originals nothing uses (the files
 * row first, so the account's storage usage drops at once; originals still used by a copy of the asset stay, and
 * the hourly orphan cleanup takes any whose last user goes later). Safe to run twice.
 */
export async function purgeMedia(deps: { db: Db; storage: Storage }, payload: PurgePayload): Promise<{ files: number }> {
  for (const [id] of payload.revisions) await deps.storage.deletePrefix(variantPrefix(id));
  // The revision's own master too: processing may have stored it after the revision row was read for this job.
  const masters = [...new Set(payload.revisions.flatMap(([id, key]) => (key ? [key, previewKeyOf(id)] : [previewKeyOf(id)])))];
  const shared = await q.previewKeysInUse(deps.db, masters);
  for (const key of masters) if (!shared.has(key)) await deps.storage.delete(key);
  let files = 0;
  for (const id of new Set(payload.files)) {
    const key = await deleteUnusedFile(deps.db, id);
    if (key === null) continue;
    await deps.storage.delete(key).catch(() => {});
    files++;
  }
  return { files };
}

/** The job that deletes the stored media of deleted assets, once their rows are gone. */
export const purgeMediaJob = defineJob('media.purge', purgePayloadSchema, async (deps, payload) => {
  await purgeMedia(deps, payload);
});
