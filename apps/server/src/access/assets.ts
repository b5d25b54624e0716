import type { ProjectLevel } from '@emblem/core';
import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError } from '../http/errors.js';
import { type AssetRow, findAsset, findAssets, findAttachment } from '../modules/assets/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { type CheckedProject, type ProjectAccess, projectLevels, requireProject, verbOf } from './projects.js';

/** Assets take their permissions from their project: VIEW and COMMENT browse and download, EDIT changes, ADMIN manages. */
export type AssetPermission = 'asset.view' | 'asset.comment' | 'asset.edit' | 'asset.admin';
export type CheckedAsset = Checked<'asset', ProjectAccess & { asset: AssetRow }>;

/** An asset the caller holds `permission` on: 404 when unseen, 403 when their level is below. */
export async function requireAsset(db: Db, actor: Actor, assetId: number, permission: AssetPermission): Promise<CheckedAsset> {
  noteChecked('asset', assetId);
  const asset = await findAsset(db, assetId);
  if (!asset) throw new NotFoundError();
  const { project, level } = await requireProject(db, actor, asset.projectId, `project.${verbOf(permission)}`);
  return seal('asset', assetId, { asset, project, level });
}

/**
 * Many assets at once, all or none (a bulk delete): any unknown or unseen one is 404, and the caller needs
 * `permission` on each of their projects, checked once per project.
 */
export async function requireAssets(db: Db, actor: Actor, ids: readonly number[], permission: AssetPermission): Promise<AssetRow[]> {
  for (const id of ids) noteChecked('asset', id);
  const rows = await findAssets(db, [...ids]);
  if (rows.length !== new Set(ids).size) throw new NotFoundError();
  for (const projectId of new Set(rows.map((a) => a.projectId)))
    await requireProject(db, actor, projectId, `project.${verbOf(permission)}`);
  return rows;
}

/**
 * Live assets of one project already checked, all or none: an id that is unknown, in the trash or of another
 * project is 404 (whatever the caller may do there), so the project's level covers every one of them.
 */
export async function requireAssetsIn(
  db: Db,
  project: Checked<'project' | 'workflow_status' | 'checklist_preset', ProjectAccess>,
  ids: readonly number[],
): Promise<AssetRow[]> {
  for (const id of ids) noteChecked('asset', id);
  const rows = await findAssets(db, [...ids]);
  if (rows.length !== new Set(ids).size || rows.some((a) => a.projectId !== project.project.id))
    throw new NotFoundError('No such asset in this project');
  return rows;
}

/** Whether an asset row belongs to a project already checked, whose rights then cover it (transfers). */
export function assetInProject(project: CheckedProject, asset: AssetRow | null): asset is AssetRow {
  if (!asset || asset.projectId !== project.project.id) return false;
  noteChecked('asset', asset.id);
  return true;
}

/**
 * For lists of assets: the caller's level on each asset (null = not visible, left out), with one project lookup
 * per project. Each asset asked about counts as checked.
 */
export function assetLevels(db: Db, actor: Actor) {
  const levels = projectLevels(db, actor);
  return (asset: Pick<AssetRow, 'id' | 'projectId'>): Promise<ProjectLevel | null> => {
    noteChecked('asset', asset.id);
    return levels(asset.projectId);
  };
}

/** Ids a list asked for that name no asset: they are left out like unseen ones, which answers their claim. */
export function missingAssets(asked: readonly number[], found: readonly number[]): void {
  const present = new Set(found);
  for (const id of asked) if (!present.has(id)) noteChecked('asset', id);
}

export type AttachmentPermission = 'attachment.view' | 'attachment.edit';
type AttachmentRow = NonNullable<Awaited<ReturnType<typeof findAttachment>>>;
export type CheckedAttachment = Checked<'attachment', AttachmentRow & ProjectAccess>;

/** An attachment, with the caller's rights on its asset. */
export async function requireAttachment(db: Db, actor: Actor, id: number, permission: AttachmentPermission): Promise<CheckedAttachment> {
  noteChecked('attachment', id);
  const row = await findAttachment(db, id);
  if (!row) throw new NotFoundError();
  const { project, level } = await requireAsset(db, actor, row.attachment.assetId, `asset.${verbOf(permission)}`);
  return seal('attachment', id, { ...row, project, level });
}
