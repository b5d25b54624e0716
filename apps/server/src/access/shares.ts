import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError } from '../http/errors.js';
import { findShareLink, type ShareLinkRow } from '../modules/shares/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { requireCollection } from './collections.js';
import { requireProject } from './projects.js';

/**
 * Share links are managed by whoever may change what they share: EDIT on the library of the assets or the folder,
 * EDIT on a collection (its library's level). Visitors reach links by their address token, never by id.
 */
export type CheckedShareLink = Checked<'share_link', ShareLinkRow>;

export async function requireShareLink(db: Db, actor: Actor, id: number): Promise<CheckedShareLink> {
  noteChecked('share_link', id);
  const link = await findShareLink(db, id);
  if (!link) throw new NotFoundError();
  if (link.collectionId !== null) await requireCollection(db, actor, link.collectionId, 'collection.edit');
  else await requireProject(db, actor, link.projectId, 'project.edit');
  return seal('share_link', id, link);
}
