import {
  type AssetDuplicatesResponse,
  DUPLICATE_PAGE_DEFAULT,
  type DuplicateGroup,
  type DuplicateGroupPage,
  type DuplicateKind,
  type DuplicatesQuery,
  type DuplicatesResolved,
  phashOf,
  type ResolveDuplicatesBody,
  similarGroups,
} from '@emblem/core';
import { requireAsset, requireAssets, requireCollection, requireProject } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.js';
import { type AssetDeps, deleteAssets, listAssets } from '../assets/public.js';
import { editableProperties } from '../metadata/public.js';
import * as q from './queries.js';

/*
 * Duplicate detection (decision 0042): exact copies share the sha256 of their current file, similar images have
 * perceptual hashes within SIMILAR_MAX_DISTANCE bits (grouped transitively). Groups are not stored: their ids are
 * derived from the content (`e-<sha256>`, `s-<lowest asset id>`), so a group keeps its id while it exists.
 */

interface Found {
  id: string;
  kind: DuplicateKind;
  /** Live asset ids, ascending. */
  ids: number[];
}

/** Where a group sorts: exact groups first, then similar ones, each by their lowest asset id. */
const sortKey = (g: Found) => `${g.kind === 'EXACT' ? 'E' : 'S'}-${g.ids[0]}`;
function before(a: string, b: string): boolean {
  const [ka, ia] = [a[0], Number(a.slice(2))];
  const [kb, ib] = [b[0], Number(b.slice(2))];
  return ka === kb ? ia < ib : ka === 'E';
}

/** The similar groups of a library; a group whose images are all one file is the exact group already. */
async function similarOf(db: Db, projectId: number): Promise<Found[]> {
  const images = await q.hashedImages(db, projectId);
  const fileOf = new Map(images.map((i) => [i.id, i.sha256]));
  const hashed = images.flatMap((i) => {
    const phash = phashOf(i.phash);
    return phash === null ? [] : [{ id: i.id, phash }];
  });
  return similarGroups(hashed)
    .filter((ids) => new Set(ids.map((id) => fileOf.get(id))).size > 1)
    .map((ids) => ({ id: `s-${ids[0]}`, kind: 'SIMILAR', ids }));
}

async function allGroups(db: Db, projectId: number): Promise<Found[]> {
  const exact: Found[] = (await q.exactGroups(db, projectId)).map((g) => ({ id: `e-${g.sha256}`, kind: 'EXACT', ids: g.ids }));
  return [...exact, ...(await similarOf(db, projectId))];
}

/** One group of a library by its id; 404 when it no longer has two live assets. */
async function findGroup(db: Db, projectId: number, groupId: string): Promise<Found> {
  let found: Found | undefined;
  if (groupId.startsWith('e-')) {
    const ids = await q.assetsWithContent(db, projectId, groupId.slice(2));
    found = { id: groupId, kind: 'EXACT', ids };
  } else {
    found = (await similarOf(db, projectId)).find((g) => g.id === groupId);
  }
  if (!found || found.ids.length < 2) throw new NotFoundError('This group has no duplicates any more');
  return found;
}

async function present(deps: AssetDeps, actor: Actor, groups: Found[]): Promise<DuplicateGroup[]> {
  const ids = groups.flatMap((g) => g.ids);
  if (ids.length === 0) return [];
  const { items } = await listAssets(deps, actor, { ids, include_preview_url: true });
  const byId = new Map(items.map((a) => [a.id, a]));
  return groups.map((g) => ({ id: g.id, kind: g.kind, assets: g.ids.flatMap((id) => byId.get(id) ?? []) }));
}

/** GET /api/project/{id}/duplicates (VIEW): a page of the library's duplicate groups. */
export async function listDuplicates(
  deps: AssetDeps,
  actor: Actor,
  projectId: number,
  query: DuplicatesQuery,
): Promise<DuplicateGroupPage> {
  const { project } = await requireProject(deps.db, actor, projectId, 'project.view');
  const groups = await allGroups(deps.db, project.id);
  const limit = query.limit ?? DUPLICATE_PAGE_DEFAULT;
  const after = query.cursor;
  const rest = after ? groups.filter((g) => before(after, sortKey(g))) : groups;
  const page = rest.slice(0, limit);
  const last = page.at(-1);
  return {
    groups: await present(deps, actor, page),
    next_cursor: rest.length > limit && last ? sortKey(last) : null,
    total: groups.length,
  };
}

/** GET /api/project/{id}/duplicates/{groupId} (VIEW): one group with its assets. */
export async function getDuplicateGroup(deps: AssetDeps, actor: Actor, projectId: number, groupId: string): Promise<DuplicateGroup> {
  const { project } = await requireProject(deps.db, actor, projectId, 'project.view');
  const [group] = await present(deps, actor, [await findGroup(deps.db, project.id, groupId)]);
  return group as DuplicateGroup;
}

/** Whether the caller may change a collection (a refusal is an answer here, not an error). */
async function mayEditCollection(db: Db, actor: Actor, id: number): Promise<boolean> {
  try {
    await requireCollection(db, actor, id, 'collection.edit');
    return true;
  } catch (err) {
    if (err instanceof NotFoundError || err instanceof ForbiddenError) return false;
    throw err;
  }
}

/**
 * POST /api/project/{id}/duplicates/{groupId}/resolve (EDIT): keeps one asset; the others go to the library's trash
 * (restorable there), after a merge gave the kept one their MANUAL tags, the metadata values it lacked and their
 * collection memberships. One transaction: all of it or nothing.
 */
export async function resolveDuplicates(
  db: Db,
  actor: Actor,
  projectId: number,
  groupId: string,
  body: ResolveDuplicatesBody,
): Promise<DuplicatesResolved> {
  const { project } = await requireProject(db, actor, projectId, 'project.edit');
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, project.id, groupId);
    if (!group.ids.includes(body.keep_asset_id)) throw new ValidationError({ keep_asset_id: ['Is not an asset of this group'] });
    const others = group.ids.filter((id) => id !== body.keep_asset_id);
    await requireAssets(tx, actor, group.ids, 'asset.edit');
    const merged = { tags: 0, metadata: 0, collections: 0 };
    if (body.action === 'merge') {
      merged.tags = await q.mergeManualTags(tx, body.keep_asset_id, others, actor.userId);
      // Only values of properties the caller may set here (their permission rows may leave out some editors).
      const properties = await editableProperties(tx, actor, project, await q.propertiesWithValues(tx, others));
      merged.metadata = await q.mergeMissingMetadata(tx, body.keep_asset_id, others, properties, actor.userId);
      // Only collections the caller may change (EDIT on the library holding each); the others keep their members.
      const editable: number[] = [];
      for (const id of await q.collectionsOf(tx, others)) if (await mayEditCollection(tx, actor, id)) editable.push(id);
      merged.collections = await q.mergeCollections(tx, body.keep_asset_id, others, editable, actor.userId);
    }
    // The assets module's own trash operation (its savepoint joins this transaction), with its events.
    await deleteAssets(tx, actor, others);
    await audit(tx, actor, 'duplicates:resolve', project.id, {
      group: group.id,
      action: body.action,
      kept: body.keep_asset_id,
      trashed: others,
      ...merged,
    });
    return { group_id: group.id, action: body.action, kept_asset_id: body.keep_asset_id, trashed_asset_ids: others, merged };
  });
}

/** GET /api/asset/{id}/duplicates (VIEW on the asset): other live assets of its library with the same file. */
export async function assetDuplicates(deps: AssetDeps, actor: Actor, assetId: number): Promise<AssetDuplicatesResponse> {
  const { asset } = await requireAsset(deps.db, actor, assetId, 'asset.view');
  const ids = await q.sameContentAs(deps.db, asset.id, asset.projectId);
  if (ids.length === 0) return { assets: [] };
  const { items } = await listAssets(deps, actor, { ids, include_preview_url: true });
  return { assets: items };
}
