import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError } from '../http/errors.js';
import type { AssetRow } from '../modules/assets/queries.js';
import {
  type ChecklistItemRow,
  type ChecklistPresetRow,
  checklistOf,
  findChecklistItem,
  findPreset,
} from '../modules/assignments/queries.js';
import { type AssetPermission, requireAsset } from './assets.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { type ProjectAccess, type ProjectPermission, requireProject } from './projects.js';

/** Checklist items take their permissions from their asset, presets from their project (decision 0048). */
export type CheckedChecklistItem = Checked<'checklist_item', ProjectAccess & { item: ChecklistItemRow; asset: AssetRow }>;
export type CheckedChecklistPreset = Checked<'checklist_preset', ProjectAccess & { preset: ChecklistPresetRow }>;

/** A checklist item whose asset the caller holds `permission` on: 404 when unseen (or its asset is in the trash), 403 below. */
export async function requireChecklistItem(db: Db, actor: Actor, id: number, permission: AssetPermission): Promise<CheckedChecklistItem> {
  noteChecked('checklist_item', id);
  const item = await findChecklistItem(db, id);
  if (!item) throw new NotFoundError('No such checklist item');
  const { asset, project, level } = await requireAsset(db, actor, item.assetId, permission);
  return seal('checklist_item', id, { item, asset, project, level });
}

/** A checklist preset whose project the caller holds `permission` on: 404 when unseen, 403 below. */
export async function requireChecklistPreset(
  db: Db,
  actor: Actor,
  id: number,
  permission: ProjectPermission,
): Promise<CheckedChecklistPreset> {
  noteChecked('checklist_preset', id);
  const preset = await findPreset(db, id);
  if (!preset) throw new NotFoundError('No such checklist preset');
  const { project, level } = await requireProject(db, actor, preset.projectId, permission);
  return seal('checklist_preset', id, { preset, project, level });
}

/**
 * Items named alongside a checked asset (a reorder): each must be an item of that asset's checklist (else 404,
 * whatever the caller may do elsewhere). Answers the asset's whole checklist, in its current order.
 */
export async function requireChecklistItemsOf(
  db: Db,
  of: Checked<'asset', ProjectAccess & { asset: AssetRow }>,
  ids: readonly number[],
): Promise<ChecklistItemRow[]> {
  const items = await checklistOf(db, of.asset.id);
  const own = new Set(items.map((i) => i.id));
  for (const id of ids) {
    if (!own.has(id)) throw new NotFoundError('No such checklist item on this asset');
    noteChecked('checklist_item', id);
  }
  return items;
}
