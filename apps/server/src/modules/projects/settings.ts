import { type DownloadCustomSize, downloadSizeFit, downloadSizeKey, MAX_DOWNLOAD_SIZES } from '@emblem/core';
import { requireProject } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError } from '../../http/errors.js';
import { type ListRules, toolkitList } from '../../lib/toolkit-list.js';
import { blockedExtensionRules } from '../accounts/public.js';
import { saveProject } from './operations.js';
import * as q from './queries.js';

/**
 * The project's settings lists (issue 4): its own blocked extensions and its custom download sizes, edited one
 * entry at a time by the toolkit list endpoints (docs/api.md). ADMIN on the project is needed (403 below it, 404
 * when the project is not visible); PATCH /api/project/{id} replaces whole lists.
 */

type StoredSize = q.ProjectRow['downloadCustomSizes'][number];
type SizeInput = { label: string; width: number; height: number | null; format: DownloadCustomSize['format']; fit: DownloadSizeFitValue };
type DownloadSizeFitValue = NonNullable<DownloadCustomSize['fit']>;

/** Loads the project with ADMIN access, locks its row, applies one edit, writes it and records the event. */
async function changeProject<T>(
  db: Db,
  actor: Actor,
  projectId: number,
  field: 'blocked_extensions' | 'download_custom_sizes',
  edit: (project: q.ProjectRow) => q.ProjectValues,
  answer: (project: q.ProjectRow) => T,
): Promise<T> {
  return db.transaction(async (tx) => {
    await requireProject(tx, actor, projectId, 'project.admin');
    const locked = await q.lockProject(tx, projectId);
    if (!locked) throw new NotFoundError();
    return answer(await saveProject(tx, actor, projectId, edit(locked), [field]));
  });
}

const BLOCKED_RULES = blockedExtensionRules({
  duplicate: 'This extension is already blocked in this project',
  missing: 'This extension is not blocked in this project',
});

/** The project's own blocked extensions as a toolkit list: add, replace, remove, reorder. */
export function projectBlockedExtensions(db: Db, actor: Actor, projectId: number) {
  return toolkitList(BLOCKED_RULES, (edit) =>
    changeProject(
      db,
      actor,
      projectId,
      'blocked_extensions',
      (project) => ({ blockedExtensions: edit(project.blockedExtensions) }),
      (project) => ({ blocked_extensions: project.blockedExtensions }),
    ),
  );
}

/** Custom download sizes, keyed by name; the toolkit list entry of a size has its name as id, label and value. */
const SIZE_RULES: ListRules<StoredSize, StoredSize & { id: string; label: string; value: string }> = {
  keyOf: (size) => downloadSizeKey(size.name),
  keyOfId: downloadSizeKey,
  max: MAX_DOWNLOAD_SIZES,
  words: {
    field: 'size.label',
    duplicate: 'This project already has a size with this name',
    missing: 'This project has no size with this name',
    full: `At most ${MAX_DOWNLOAD_SIZES} sizes`,
  },
  entry: (size) => ({ id: size.name, label: size.name, value: size.name, ...withFit(size) }),
};

/** A size as the toolkit list sends it (`label` is its name), as it is stored. */
const storedSize = (input: SizeInput): StoredSize => ({
  name: input.label,
  width: input.width,
  height: input.height,
  format: input.format,
  fit: input.fit,
});

/** A stored size with its fit; sizes saved before fits existed crop. */
const withFit = (size: StoredSize): StoredSize => ({ ...size, fit: downloadSizeFit(size) });

/** The project's custom download sizes as a toolkit list: add, replace, remove, reorder. */
export function downloadSizes(db: Db, actor: Actor, projectId: number) {
  const list = toolkitList(SIZE_RULES, (edit) =>
    changeProject(
      db,
      actor,
      projectId,
      'download_custom_sizes',
      (project) => ({ downloadCustomSizes: edit(project.downloadCustomSizes) }),
      (project) => project.downloadCustomSizes.map(withFit),
    ),
  );
  return {
    ...list,
    add: (input: SizeInput) => list.add(storedSize(input)),
    replace: (name: string, input: SizeInput) => list.replace(name, storedSize(input)),
  };
}
