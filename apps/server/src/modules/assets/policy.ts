import type { ProjectLevel } from '@emblem/core';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError } from '../../http/errors.js';
import { requireProjectAccess } from '../projects/operations.js';
import * as q from './queries.js';

/**
 * Assets take their permissions from their project: VIEW and COMMENT browse and download, EDIT uploads,
 * edits, moves and deletes, ADMIN manages the project. Unseen assets are 404, unchangeable ones 403.
 */
export async function requireAssetAccess(db: Db, actor: Actor, assetId: number, needed: ProjectLevel) {
  const asset = await q.findAsset(db, assetId);
  if (!asset) throw new NotFoundError();
  const { level, project } = await requireProjectAccess(db, actor, asset.projectId, needed);
  return { asset, level, project };
}

/** Remembers project levels while checking many assets of few projects. */
export function projectLevelCache(db: Db, actor: Actor) {
  const cache = new Map<number, Promise<ProjectLevel | null>>();
  return (projectId: number): Promise<ProjectLevel | null> => {
    let hit = cache.get(projectId);
    if (!hit) {
      hit = requireProjectAccess(db, actor, projectId, 'VIEW').then(
        (a) => a.level,
        () => null,
      );
      cache.set(projectId, hit);
    }
    return hit;
  };
}
