import type { TrashItem } from '@emblem/core';
import { z } from 'zod';
import { requireDocument } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { defineJob } from '../../jobs/define.js';
import { purgeTrash, trashOfDocument } from './content-queries.js';
import { blockLabel } from './presenters.js';
import { TRASH_MS, trashExpiry } from './shared.js';

/* A document's trash: pages, headings, sections and blocks deleted in the last 30 days, restorable until then. */

/** GET /api/document/{id}/trash (EDIT): newest first. */
export async function listTrash(db: Db, actor: Actor, documentId: number): Promise<TrashItem[]> {
  await requireDocument(db, actor, documentId, 'edit');
  const rows = await trashOfDocument(db, documentId, new Date(Date.now() - TRASH_MS));
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    title: r.kind === 'block' ? blockLabel(r.title) : r.kind === 'section' ? (r.title ? `Tab "${r.title}"` : 'Section') : r.title,
    page_id: r.pageId,
    deleted_at: r.deletedAt.toISOString(),
    expires_at: trashExpiry(r.deletedAt).toISOString(),
  }));
}

/** Daily: removes for good what has been in a trash for more than 30 days (documents included). */
export const guidelineTrashPurgeJob = defineJob(
  'guidelines.trash-purge',
  z.object({}),
  async (deps) => {
    const removed = await deps.db.transaction((tx) => purgeTrash(tx, new Date(Date.now() - TRASH_MS)));
    if (removed) deps.log.info({ removed }, 'purged guideline items deleted more than 30 days ago');
  },
  { every: 86_400_000, maxAttempts: 3 },
);
