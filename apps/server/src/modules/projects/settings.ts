import {
  type DownloadCustomSize,
  downloadSizeKey,
  type ListResult,
  listAdd,
  listRemove,
  listReorder,
  listReplace,
  MAX_BLOCKED_EXTENSIONS,
  MAX_DOWNLOAD_SIZES,
  normaliseExtension,
} from '@emblem/core';
import type { Db } from '../../db/client.js';
import { recordEvent } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError } from '../../http/errors.js';
import { extensionEntry, listRefusal } from '../accounts/settings.js';
import { requireProjectAccess } from './operations.js';
import * as q from './queries.js';

/**
 * The project's settings lists (issue 4 §4): its own blocked extensions and its custom download sizes, edited one
 * entry at a time by the toolkit list (settings-toolkit.md §7). ADMIN on the project is needed (403 below it, 404
 * when the project is not visible); PATCH /api/project/{id} replaces whole lists.
 */

type StoredSize = q.ProjectRow['downloadCustomSizes'][number];
type SizeInput = { label: string; width: number; height: number | null; format: DownloadCustomSize['format'] };

const EXTENSION_WORDS = {
  field: 'extension.label',
  duplicate: 'This extension is already blocked in this project',
  missing: 'This extension is not blocked in this project',
  full: `At most ${MAX_BLOCKED_EXTENSIONS} extensions can be blocked`,
};
const SIZE_WORDS = {
  field: 'size.label',
  duplicate: 'This project already has a size with this name',
  missing: 'This project has no size with this name',
  full: `At most ${MAX_DOWNLOAD_SIZES} sizes`,
};

/** Loads the project with ADMIN access, locks its row, applies one edit, writes it and records the event. */
async function changeProject<T>(
  db: Db,
  actor: Actor,
  projectId: number,
  field: 'blocked_extensions' | 'download_custom_sizes',
  edit: (project: q.ProjectRow) => { values: Partial<q.ProjectRow>; answer: (project: q.ProjectRow) => T },
): Promise<T> {
  return db.transaction(async (tx) => {
    await requireProjectAccess(tx, actor, projectId, 'ADMIN');
    const locked = await q.lockProject(tx, projectId);
    if (!locked) throw new NotFoundError();
    const { values, answer } = edit(locked);
    const project = await q.updateProject(tx, projectId, values);
    if (!project) throw new NotFoundError();
    await recordEvent(tx, {
      accountId: actor.accountId,
      actorId: actor.userId,
      type: 'project:update',
      subjectType: 'project',
      subjectId: projectId,
      data: { fields: [field] },
    });
    return answer(project);
  });
}

function applied<T>(result: ListResult<T>, words: Parameters<typeof listRefusal>[1]): T[] {
  if (!result.ok) throw listRefusal(result.reason, words);
  return result.list;
}

/* ---------- blocked extensions ---------- */

const same = (ext: string) => ext;

/** `field`: where a refusal's message goes (`extension.label` for POST, `label` for PUT; the bodies differ). */
function changeBlocked(
  db: Db,
  actor: Actor,
  projectId: number,
  change: (list: string[]) => ListResult<string>,
  field = EXTENSION_WORDS.field,
) {
  return changeProject(db, actor, projectId, 'blocked_extensions', (project) => ({
    values: { blockedExtensions: applied(change(project.blockedExtensions), { ...EXTENSION_WORDS, field }) },
    answer: (p) => ({ blocked_extensions: p.blockedExtensions }),
  }));
}

export async function addProjectBlockedExtension(db: Db, actor: Actor, projectId: number, extension: string) {
  const data = await changeBlocked(db, actor, projectId, (list) => listAdd(list, extension, same, MAX_BLOCKED_EXTENSIONS));
  return { data, savedEntry: extensionEntry(extension) };
}

export async function replaceProjectBlockedExtension(db: Db, actor: Actor, projectId: number, current: string, extension: string) {
  const data = await changeBlocked(
    db,
    actor,
    projectId,
    (list) => listReplace(list, normaliseExtension(current), extension, same),
    'label',
  );
  return { data, savedEntry: extensionEntry(extension) };
}

export function removeProjectBlockedExtension(db: Db, actor: Actor, projectId: number, extension: string) {
  return changeBlocked(db, actor, projectId, (list) => listRemove(list, normaliseExtension(extension), same));
}

export function reorderProjectBlockedExtensions(db: Db, actor: Actor, projectId: number, items: string[]) {
  return changeBlocked(db, actor, projectId, (list) => listReorder(list, items.map(normaliseExtension), same));
}

/* ---------- custom download sizes ---------- */

const sizeKey = (size: StoredSize) => downloadSizeKey(size.name);
const stored = (input: SizeInput): StoredSize => ({ name: input.label, width: input.width, height: input.height, format: input.format });
/** The toolkit list entry of a size: id, label and value are its name. */
const sizeEntry = (size: StoredSize) => ({ id: size.name, label: size.name, value: size.name, ...size });

function changeSizes(
  db: Db,
  actor: Actor,
  projectId: number,
  change: (list: StoredSize[]) => ListResult<StoredSize>,
  field = SIZE_WORDS.field,
) {
  return changeProject(db, actor, projectId, 'download_custom_sizes', (project) => ({
    values: { downloadCustomSizes: applied(change(project.downloadCustomSizes), { ...SIZE_WORDS, field }) },
    answer: (p) => p.downloadCustomSizes,
  }));
}

export async function addDownloadSize(db: Db, actor: Actor, projectId: number, input: SizeInput) {
  const size = stored(input);
  const data = await changeSizes(db, actor, projectId, (list) => listAdd(list, size, sizeKey, MAX_DOWNLOAD_SIZES));
  return { data, savedEntry: sizeEntry(size) };
}

export async function replaceDownloadSize(db: Db, actor: Actor, projectId: number, currentName: string, input: SizeInput) {
  const size = stored(input);
  const data = await changeSizes(db, actor, projectId, (list) => listReplace(list, downloadSizeKey(currentName), size, sizeKey), 'label');
  return { data, savedEntry: sizeEntry(size) };
}

export function removeDownloadSize(db: Db, actor: Actor, projectId: number, name: string) {
  return changeSizes(db, actor, projectId, (list) => listRemove(list, downloadSizeKey(name), sizeKey));
}

export function reorderDownloadSizes(db: Db, actor: Actor, projectId: number, names: string[]) {
  return changeSizes(db, actor, projectId, (list) => listReorder(list, names.map(downloadSizeKey), sizeKey));
}
