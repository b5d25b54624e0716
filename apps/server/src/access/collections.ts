import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError } from '../http/errors.js';
import { type CollectionRow, findCollection } from '../modules/collections/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { type ProjectAccess, requireProject } from './projects.js';

/**
 * Collections take their permissions from the library (or workspace) that holds them: VIEW reads the collection,
 * EDIT changes it. The assets in it stay under their own projects' rules (a viewer sees only those they may see).
 */
export type CollectionPermission = 'collection.view' | 'collection.edit';
export type CheckedCollection = Checked<'collection', ProjectAccess & { collection: CollectionRow }>;

export async function requireCollection(db: Db, actor: Actor, id: number, permission: CollectionPermission): Promise<CheckedCollection> {
  noteChecked('collection', id);
  const collection = await findCollection(db, id);
  if (!collection) throw new NotFoundError();
  const { project, level } = await requireProject(
    db,
    actor,
    collection.projectId,
    permission === 'collection.view' ? 'project.view' : 'project.edit',
  );
  return seal('collection', id, { collection, project, level });
}
