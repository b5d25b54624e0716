import { assetTypeOf, LIBRARY_TRASH_DAYS, type LibraryTrashItem, type TrashEmptied, type TrashRestored } from '@emblem/core';
import { z } from 'zod';
import { assetInProject, type CheckedProject, foldersOfProject, requireProject } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import { defineJob } from '../../jobs/define.js';
import { enqueueMediaPurge, SMALL_PREVIEW_WIDTH, signedMediaUrl } from '../media/public.js';
import type { AssetDeps } from './operations.js';
import * as q from './queries.js';
import * as tq from './trash-queries.js';

/*
 * A library's trash (decision 0025): assets deleted on their own, and deleted folders with everything that was in
 * them, restorable for 30 days by whoever may edit the library; then the daily purge (or an admin emptying the
 * trash) deletes the rows and their stored files. Until then the files stay stored and count in storage usage.
 */

const DAY_MS = 86_400_000;

/** The path of names above a folder (`parentId` and up), from the root; whatever is still known of it. */
function pathAbove(lineage: Map<number, tq.Lineage>, parentId: number | null): string[] {
  const out: string[] = [];
  const seen = new Set<number>();
  let current = parentId === null ? undefined : lineage.get(parentId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    out.unshift(current.name);
    current = current.parentId === null ? undefined : lineage.get(current.parentId);
  }
  return out;
}

/** The nearest live folder at or above `setId` (null: the library's top level, when none is left). */
function nearestLive(lineage: Map<number, tq.Lineage>, setId: number | null): number | null {
  const seen = new Set<number>();
  let current = setId === null ? undefined : lineage.get(setId);
  while (current && !seen.has(current.id)) {
    if (current.live) return current.id;
    seen.add(current.id);
    current = current.parentId === null ? undefined : lineage.get(current.parentId);
  }
  return null;
}

/** GET /api/project/{id}/trash (EDIT): deleted folders and assets of the last 30 days, newest first. */
export async function listTrash(deps: AssetDeps, actor: Actor, projectId: number): Promise<LibraryTrashItem[]> {
  await requireProject(deps.db, actor, projectId, 'project.edit');
  const since = new Date(Date.now() - tq.TRASH_MS);
  const [folders, loose] = await Promise.all([
    tq.trashedFolderRoots(deps.db, projectId, since),
    tq.looseTrashedAssets(deps.db, projectId, since),
  ]);
  const above = [...folders.map((f) => f.set.parentId), ...loose.map((a) => a.asset.setId)].filter((id): id is number => id !== null);
  const lineage = await tq.folderLineage(deps.db, [...new Set(above)]);
  const items: LibraryTrashItem[] = [
    ...folders.map(({ set, deletedByName, assetCount, folderCount }) => {
      const deletedAt = set.deletedAt as Date;
      return {
        kind: 'folder' as const,
        id: set.id,
        title: set.name,
        path: pathAbove(lineage, set.parentId),
        deleted_at: deletedAt.toISOString(),
        expires_at: tq.trashExpiry(deletedAt).toISOString(),
        deleted_by: set.deletedBy ? { id: set.deletedBy, name: deletedByName ?? '' } : null,
        extension: null,
        type: null,
        thumbnail_url: null,
        asset_count: assetCount,
        folder_count: folderCount,
      };
    }),
    ...loose.map(({ asset, revision, file, deletedByName }) => {
      const deletedAt = asset.deletedAt as Date;
      const isUrl = asset.objectType === 'URL';
      const hasPreview = !isUrl && revision?.status === 'FINISHED' && Boolean(revision.previewKey);
      return {
        kind: 'asset' as const,
        id: asset.id,
        title: asset.title,
        path: pathAbove(lineage, asset.setId),
        deleted_at: deletedAt.toISOString(),
        expires_at: tq.trashExpiry(deletedAt).toISOString(),
        deleted_by: asset.deletedBy ? { id: asset.deletedBy, name: deletedByName ?? '' } : null,
        extension: file?.extension ?? null,
        type: isUrl ? 'EmbeddedContent' : assetTypeOf(file?.extension ?? ''),
        // Signed for the trash (`tr=1`): the one URL that shows a trashed asset's media.
        thumbnail_url:
          hasPreview && revision ? signedMediaUrl(deps.secret, asset.token, revision.id, { width: SMALL_PREVIEW_WIDTH, tr: 1 }) : null,
        asset_count: 0,
        folder_count: 0,
      };
    }),
  ];
  return items.sort((a, b) => (a.deleted_at < b.deleted_at ? 1 : a.deleted_at > b.deleted_at ? -1 : b.id - a.id));
}

function assertRestorable(deletedAt: Date | null, what: string): asserts deletedAt is Date {
  if (deletedAt === null) throw new ConflictError(`This ${what} is not in the trash`);
  if (tq.trashExpiry(deletedAt).getTime() < Date.now())
    throw new ConflictError(`This ${what} was deleted more than ${LIBRARY_TRASH_DAYS} days ago and cannot be restored`);
}

/**
 * Restores folders (each with everything that went to the trash with it), then assets deleted on their own, of one
 * checked project: all or none. A folder goes back under its parent, or the nearest live folder above it, or the
 * top level; an asset into its folder if live (the folder restored in the same call counts), else the same way.
 */
async function restoreIn(tx: Db, actor: Actor, access: CheckedProject, assetIds: number[], setIds: number[]): Promise<TrashRestored> {
  const projectId = access.project.id;
  const setRows = await tq.setsAnyState(tx, setIds);
  const assetRows = await tq.assetsAnyState(tx, assetIds);
  // Ids of another project (or none) are not found, like every id the caller cannot see there.
  if (setRows.length !== setIds.length || setRows.some((s) => s.projectId !== projectId)) throw new NotFoundError();
  foldersOfProject(access, setIds);
  for (const a of assetRows) assetInProject(access, a);
  if (assetRows.length !== assetIds.length || assetRows.some((a) => a.projectId !== projectId)) throw new NotFoundError();
  const restoredAssets: number[] = [];
  for (const set of setRows) {
    assertRestorable(set.deletedAt, 'folder');
    if (set.trashRootId !== set.id) {
      const [root] = await tq.setsAnyState(tx, set.trashRootId === null ? [] : [set.trashRootId]);
      throw new ConflictError(`This folder went to the trash with the folder "${root?.name ?? ''}": restore that folder`);
    }
  }
  for (const asset of assetRows) {
    assertRestorable(asset.deletedAt, 'asset');
    if (asset.trashedWith !== null) {
      const [root] = await tq.setsAnyState(tx, [asset.trashedWith]);
      throw new ConflictError(`This asset went to the trash with the folder "${root?.name ?? ''}": restore that folder`);
    }
  }
  for (const set of setRows) {
    const lineage = await tq.folderLineage(tx, set.parentId === null ? [] : [set.parentId]);
    const parent = nearestLive(lineage, set.parentId);
    restoredAssets.push(...(await tq.restoreFolderTree(tx, set.id, parent)));
    await audit(tx, actor, 'folder:restore', set.id, { parent });
  }
  for (const asset of assetRows) {
    const lineage = await tq.folderLineage(tx, asset.setId === null ? [] : [asset.setId]);
    const target = nearestLive(lineage, asset.setId);
    const position = target === asset.setId ? asset.position : await q.endPosition(tx, projectId, target);
    await tq.restoreAsset(tx, asset.id, target, position);
    await audit(tx, actor, 'asset:restore', asset.id, { set_id: target });
    restoredAssets.push(asset.id);
  }
  return { asset_ids: restoredAssets, set_ids: setRows.map((s) => s.id) };
}

/** POST /api/project/{id}/trash/restore (EDIT): several items of the library's trash at once (the web's Undo). */
export async function restoreTrash(db: Db, actor: Actor, projectId: number, input: { asset_ids: number[]; set_ids: number[] }) {
  return db.transaction(async (tx) => {
    const access = await requireProject(tx, actor, projectId, 'project.edit');
    return restoreIn(tx, actor, access, [...new Set(input.asset_ids)], [...new Set(input.set_ids)]);
  });
}

/** POST /api/asset/{id}/restore and POST /api/set/{id}/restore (EDIT on the item's library). */
export async function restoreOne(db: Db, actor: Actor, kind: 'asset' | 'folder', id: number): Promise<TrashRestored> {
  return db.transaction(async (tx) => {
    const [row] = kind === 'asset' ? await tq.assetsAnyState(tx, [id]) : await tq.setsAnyState(tx, [id]);
    if (!row) throw new NotFoundError();
    const access = await requireProject(tx, actor, row.projectId, 'project.edit');
    return kind === 'asset' ? restoreIn(tx, actor, access, [id], []) : restoreIn(tx, actor, access, [], [id]);
  });
}

/**
 * Deletes trashed rows for good, in the caller's transaction: their stored media (previews, variants, originals no
 * other asset uses) go after commit, by the persisted `media.purge` job.
 */
async function purge(tx: Db, scope: tq.PurgeScope): Promise<TrashEmptied> {
  const { assetIds, setIds } = await tq.trashedIds(tx, scope);
  if (assetIds.length) await enqueueMediaPurge(tx, { assetIds });
  await tq.deleteTrashedRows(tx, assetIds, setIds);
  return { purged_assets: assetIds.length, purged_sets: setIds.length };
}

/** DELETE /api/project/{id}/trash (project ADMIN, account admins included): empties the library's trash for good. */
export async function emptyTrash(deps: AssetDeps, actor: Actor, projectId: number): Promise<TrashEmptied> {
  const result = await deps.db.transaction(async (tx) => {
    const { project } = await requireProject(tx, actor, projectId, 'project.admin');
    const emptied = await purge(tx, { projectId: project.id });
    await audit(tx, actor, 'project:trash-empty', project.id, { assets: emptied.purged_assets, folders: emptied.purged_sets });
    return emptied;
  });
  deps.jobsEnqueued();
  return result;
}

/** Daily: removes for good the assets and folders that have been in a library's trash for more than 30 days. */
export const assetTrashPurgeJob = defineJob(
  'assets.trash-purge',
  z.object({}),
  async (deps) => {
    const removed = await deps.db.transaction((tx) => purge(tx, { before: new Date(Date.now() - tq.TRASH_MS) }));
    if (removed.purged_assets || removed.purged_sets) deps.log.info(removed, 'purged assets and folders deleted more than 30 days ago');
  },
  { every: DAY_MS, maxAttempts: 3 },
);
