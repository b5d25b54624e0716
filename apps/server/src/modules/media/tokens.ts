import { requireAsset, requireProject } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError } from '../../http/errors.js';
import * as q from './queries.js';

/**
 * Rotating media tokens: every signed media URL names its asset's token (`/media/{assetToken}/…`), so giving an
 * asset a new token kills every URL handed out for it at once, whatever their `exp`; the API signs new URLs with
 * the new token as it is read. Project admins (and account admins, who are admins of every project) may do it.
 * Cached variants on disk stay: they are keyed by revision, not by token.
 */

/** `POST /api/asset/{id}/media-token`: a new media token for one asset (project ADMIN). */
export async function rotateAssetMediaToken(db: Db, actor: Actor, assetId: number) {
  return db.transaction(async (tx) => {
    const { asset } = await requireAsset(tx, actor, assetId, 'asset.admin');
    const token = await q.rotateAssetToken(tx, asset.id);
    if (token === null) throw new NotFoundError();
    await audit(tx, { accountId: asset.accountId, userId: actor.userId }, 'asset:media-token', asset.id);
    return { id: asset.id, asset_token: token };
  });
}

/** `POST /api/project/{id}/media-tokens`: new media tokens for every asset of a project, in one statement (project ADMIN). */
export async function rotateProjectMediaTokens(db: Db, actor: Actor, projectId: number) {
  return db.transaction(async (tx) => {
    const { project } = await requireProject(tx, actor, projectId, 'project.admin');
    const rotated = await q.rotateProjectTokens(tx, project.id);
    await audit(tx, { accountId: project.accountId, userId: actor.userId }, 'project:media-tokens', project.id, { assets: rotated });
    return { id: project.id, rotated };
  });
}
