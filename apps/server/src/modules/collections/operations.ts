import type {
  AssetPage,
  CollectionAssetsBody,
  CollectionAssetsChange,
  CollectionAssetsQuery,
  CollectionResponse,
  CreateCollectionBody,
  ProjectLevel,
  UpdateCollectionBody,
} from '@emblem/core';
import { levelAtLeast } from '@emblem/core';
import {
  assetLevels,
  type CheckedCollection,
  missingAssets,
  requireAssets,
  requireCollection,
  requireProject,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ValidationError } from '../../http/errors.js';
import { type AssetDeps, listAssets } from '../assets/public.js';
import { visibleProjects } from '../projects/public.js';
import * as q from './queries.js';

/** A collection holds at most this many assets. */
export const MAX_COLLECTION_ASSETS = 5000;
const COVERS = 4;

/** The projects of a brand the caller has a level on: the assets of a collection they may see are in these. */
async function visibleProjectIds(db: Db, actor: Actor, brandId: number): Promise<number[]> {
  return (await visibleProjects(db, actor, brandId)).map((p) => p.id);
}

async function present(
  deps: AssetDeps,
  actor: Actor,
  rows: { collection: q.CollectionRow; brandId: number; level: ProjectLevel }[],
  /** The projects of the collections' brand the caller has a level on (every list is of one brand). */
  projectIds: number[],
): Promise<CollectionResponse[]> {
  const stats = await q.collectionStats(
    deps.db,
    rows.map((r) => r.collection.id),
    projectIds,
    COVERS,
  );
  const coverIds = [...new Set([...stats.values()].flatMap((s) => s.coverIds))];
  const covers = coverIds.length
    ? new Map((await listAssets(deps, actor, { ids: coverIds, include_preview_url: true, preview_width: 400 })).items.map((a) => [a.id, a]))
    : new Map();
  return rows.map(({ collection: c, brandId, level }) => {
    const s = stats.get(c.id) ?? { count: 0, coverIds: [] };
    return {
      id: c.id,
      project_id: c.projectId,
      brand_id: brandId,
      name: c.name,
      description: c.description,
      asset_count: s.count,
      covers: s.coverIds.flatMap((id) => {
        const a = covers.get(id);
        return a ? [{ id, title: a.title, preview_url: a.preview_url ?? null }] : [];
      }),
      created_at: c.createdAt.toISOString(),
      modified_at: c.modifiedAt.toISOString(),
      permissions: { canEdit: levelAtLeast(level, 'EDIT') },
    };
  });
}

async function presentOne(deps: AssetDeps, actor: Actor, checked: CheckedCollection): Promise<CollectionResponse> {
  const brandId = checked.project.brandId;
  const [out] = await present(
    deps,
    actor,
    [{ collection: checked.collection, brandId, level: checked.level }],
    await visibleProjectIds(deps.db, actor, brandId),
  );
  return out!;
}

/** GET /api/project/{id}/collections (VIEW): the collections the library holds. */
export async function projectCollections(deps: AssetDeps, actor: Actor, projectId: number): Promise<CollectionResponse[]> {
  const { project, level } = await requireProject(deps.db, actor, projectId, 'project.view');
  const rows = await q.collectionsOfProjects(deps.db, [projectId]);
  return present(
    deps,
    actor,
    rows.map((r) => ({ ...r, level })),
    await visibleProjectIds(deps.db, actor, project.brandId),
  );
}

/** GET /api/brand/{id}/collections: the collections of every project of the brand the caller may see. */
export async function brandCollections(deps: AssetDeps, actor: Actor, brandId: number): Promise<CollectionResponse[]> {
  // visibleProjects checks the brand (404 when the caller cannot see it).
  const projects = await visibleProjects(deps.db, actor, brandId);
  const levels = new Map(projects.map((p) => [p.id, p.level]));
  const rows = await q.collectionsOfProjects(deps.db, [...levels.keys()]);
  return present(
    deps,
    actor,
    rows.map((r) => ({ ...r, level: levels.get(r.collection.projectId) as ProjectLevel })),
    [...levels.keys()],
  );
}

/** POST /api/project/{id}/collections (EDIT): a new, empty collection at the end of the library's list. */
export async function createCollection(deps: AssetDeps, actor: Actor, projectId: number, input: CreateCollectionBody) {
  const { project } = await requireProject(deps.db, actor, projectId, 'project.edit');
  if (project.projectType === 'STYLEGUIDE') throw new ValidationError({ project_id: ['Guideline documents hold no collections'] });
  const id = await deps.db.transaction(async (tx) => {
    const count = (await q.collectionIdsOfProject(tx, projectId)).length;
    const row = await q.insertCollection(tx, {
      accountId: project.accountId,
      projectId,
      name: input.name,
      description: input.description,
      position: count,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'collection:create', row.id, { name: row.name, project_id: projectId });
    return row.id;
  });
  return getCollection(deps, actor, id);
}

/** GET /api/collection/{id} (VIEW on its library). */
export async function getCollection(deps: AssetDeps, actor: Actor, id: number): Promise<CollectionResponse> {
  return presentOne(deps, actor, await requireCollection(deps.db, actor, id, 'collection.view'));
}

/** PATCH /api/collection/{id} (EDIT): name, description, place among the library's collections. */
export async function updateCollection(deps: AssetDeps, actor: Actor, id: number, input: UpdateCollectionBody) {
  await deps.db.transaction(async (tx) => {
    const { collection } = await requireCollection(tx, actor, id, 'collection.edit');
    await q.updateCollection(tx, id, { name: input.name, description: input.description });
    if (input.position !== undefined) {
      const ids = (await q.collectionIdsOfProject(tx, collection.projectId)).filter((x) => x !== id);
      ids.splice(Math.min(input.position, ids.length), 0, id);
      await q.writeCollectionPositions(tx, ids);
    }
    await audit(tx, actor, 'collection:update', id, { fields: Object.keys(input) });
  });
  return getCollection(deps, actor, id);
}

/** DELETE /api/collection/{id} (EDIT): the collection goes; its assets stay where they are. */
export async function deleteCollection(deps: AssetDeps, actor: Actor, id: number): Promise<{ id: number }> {
  return deps.db.transaction(async (tx) => {
    const { collection } = await requireCollection(tx, actor, id, 'collection.edit');
    const assets = (await q.memberIds(tx, id)).length;
    await q.deleteCollection(tx, id);
    await audit(tx, actor, 'collection:delete', id, { name: collection.name, assets });
    return { id };
  });
}

/** Every named asset must be live, one the caller may view, and of the collection's brand. */
async function requireMembers(db: Db, actor: Actor, checked: CheckedCollection, assetIds: number[]): Promise<void> {
  await requireAssets(db, actor, assetIds, 'asset.view');
  const rows = await q.liveAssetBrands(db, assetIds);
  const live = new Map(rows.map((r) => [r.id, r.brandId]));
  const refused = assetIds.filter((id) => live.get(id) !== checked.project.brandId);
  if (refused.length)
    throw new ValidationError({ asset_ids: [`Not assets of this collection's brand, or in the trash: ${refused.join(', ')}`] });
}

/**
 * POST /api/collection/{id}/assets (EDIT on the collection, VIEW on each asset): adds assets at `position` (the end
 * when left out); assets already in the collection move there instead, so the call also reorders.
 */
export async function addCollectionAssets(
  deps: AssetDeps,
  actor: Actor,
  id: number,
  input: CollectionAssetsBody,
): Promise<CollectionAssetsChange> {
  const changed = await deps.db.transaction(async (tx) => {
    const checked = await requireCollection(tx, actor, id, 'collection.edit');
    const named = [...new Set(input.asset_ids)];
    await requireMembers(tx, actor, checked, named);
    const current = await q.memberIds(tx, id);
    const present = new Set(current);
    const added = new Set(named.filter((a) => !present.has(a)));
    if (current.length + added.size > MAX_COLLECTION_ASSETS)
      throw new ValidationError({ asset_ids: [`A collection holds at most ${MAX_COLLECTION_ASSETS} assets`] });
    const moving = new Set(named);
    const rest = current.filter((a) => !moving.has(a));
    // The position counts among the assets the call does not name, as the user saw them.
    rest.splice(Math.min(input.position ?? rest.length, rest.length), 0, ...named);
    await q.writeMembers(tx, id, rest, added, actor.userId);
    await q.touchCollection(tx, id);
    const moved = named.filter((a) => !added.has(a));
    await audit(tx, actor, 'collection:assets', id, {
      ...(added.size ? { added: [...added] } : {}),
      ...(moved.length ? { moved } : {}),
    });
    return named.length;
  });
  return { changed, collection: await getCollection(deps, actor, id) };
}

/** POST /api/collection/{id}/assets/remove (EDIT): takes assets out of the collection (they stay in their library). */
export async function removeCollectionAssets(
  deps: AssetDeps,
  actor: Actor,
  id: number,
  assetIds: number[],
): Promise<CollectionAssetsChange> {
  const changed = await deps.db.transaction(async (tx) => {
    await requireCollection(tx, actor, id, 'collection.edit');
    // Only assets the caller sees are taken out; others are left as they are (as if not in the collection), so the
    // answer tells nothing about assets they cannot see.
    const named = [...new Set(assetIds)];
    const rows = await q.liveAssetBrands(tx, named);
    missingAssets(
      named,
      rows.map((r) => r.id),
    );
    const levelOf = assetLevels(tx, actor);
    const visible: number[] = [];
    for (const row of rows) if (await levelOf(row)) visible.push(row.id);
    const removed = visible.length ? await q.removeMembers(tx, id, visible) : 0;
    if (removed > 0) {
      await q.touchCollection(tx, id);
      await audit(tx, actor, 'collection:assets', id, { removed: visible });
    }
    return removed;
  });
  return { changed, collection: await getCollection(deps, actor, id) };
}

function decodeCursor(cursor: string | undefined): { position: number; assetId: number } | null {
  if (!cursor) return null;
  const m = /^(\d+(?:\.\d+)?)-(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new ValidationError({ cursor: ['Is invalid'] });
  return { position: Number(m[1]), assetId: Number(m[2]) };
}

/** GET /api/collection/{id}/assets (VIEW): a page of the assets the caller may see, in the collection's order. */
export async function collectionAssets(deps: AssetDeps, actor: Actor, id: number, query: CollectionAssetsQuery): Promise<AssetPage> {
  const checked = await requireCollection(deps.db, actor, id, 'collection.view');
  const projectIds = await visibleProjectIds(deps.db, actor, checked.project.brandId);
  const limit = query.limit ?? 100;
  const rows = await q.collectionAssetPage(deps.db, id, projectIds, decodeCursor(query.cursor), limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? Buffer.from(`${last.position}-${last.assetId}`).toString('base64url') : null;
  const items = page.length
    ? (await listAssets(deps, actor, { ids: page.map((r) => r.assetId), include_preview_url: true, preview_width: query.preview_width }))
        .items
    : [];
  const total = (await q.collectionStats(deps.db, [id], projectIds, 1)).get(id)?.count ?? 0;
  return { items, next_cursor: next, total };
}
