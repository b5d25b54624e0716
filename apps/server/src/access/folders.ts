import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import { findSet, findSetAnyState, type SetRow } from '../modules/folders/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { type CheckedProject, type ProjectAccess, requireProject, verbOf } from './projects.js';

/** Folders take their permissions from their project. */
export type FolderPermission = 'folder.view' | 'folder.edit';
export type CheckedFolder = Checked<'folder', ProjectAccess & { set: SetRow }>;

export async function requireFolder(db: Db, actor: Actor, id: number, permission: FolderPermission): Promise<CheckedFolder> {
  noteChecked('folder', id);
  const set = await findSet(db, id);
  if (!set) throw new NotFoundError();
  const { project, level } = await requireProject(db, actor, set.projectId, `project.${verbOf(permission)}`);
  return seal('folder', id, { set, project, level });
}

/**
 * A folder named in a body for a project already checked, directly or through one of its folders (`set_id`,
 * `parent`, a target folder): it must belong to that project, so the caller's rights there cover it. Null (the
 * project's top level) passes as null. A folder in the trash is refused (400).
 */
export async function requireFolderIn(
  db: Db,
  project: CheckedProject | CheckedFolder,
  setId: number | null,
  field = 'set_id',
): Promise<Checked<'folder', SetRow> | null> {
  if (setId === null) return null;
  noteChecked('folder', setId);
  const set = await findSetAnyState(db, setId);
  if (!set || set.projectId !== project.project.id) throw new ValidationError({ [field]: ['Is not a folder of this project'] });
  // Nothing goes into a folder in the trash (uploads, moves, new sub-folders): it would vanish with it.
  if (set.deletedAt) throw new ValidationError({ [field]: ['Is in the trash'] });
  return seal('folder', setId, set);
}

/** Folder ids of a checked project, known to be there (the caller looked them up in the project's tree). */
export function foldersOfProject(_project: CheckedProject, ids: readonly number[]): void {
  for (const id of ids) noteChecked('folder', id);
}
