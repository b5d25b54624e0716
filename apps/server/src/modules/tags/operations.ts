import {
  type AssetTag,
  type DeleteTagBody,
  type RenameTagBody,
  TAG_ASSETS_MAX,
  TAG_SEARCH_LIMIT,
  type TagRenameResponse,
  type TagSearchBody,
  type TagSearchQuery,
  type TagSearchResponse,
  type TagSource,
  type TagSuggestion,
  type TagsBody,
  type TagsChangeResponse,
} from '@emblem/core';
import { requireAssets, requireFolder, requireProject } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import * as q from './queries.js';

/** The tags of each asset, keyed by asset id (one query), for the asset payloads. */
export async function tagsOf(db: Db, assetIds: readonly number[]): Promise<Map<number, AssetTag[]>> {
  const out = new Map<number, AssetTag[]>();
  for (const row of await q.tagsOfAssets(db, assetIds)) {
    const list = out.get(row.assetId) ?? [];
    list.push({ value: row.value, source: row.source as TagSource });
    out.set(row.assetId, list);
  }
  return out;
}

/**
 * The assets a tagging request names, each checked: assets directly (404 unseen, 403 below `permission`) and the
 * live assets in the subtrees of the folders named (each folder checked the same way). At most TAG_ASSETS_MAX.
 */
async function selection(
  db: Db,
  actor: Actor,
  assetIds: readonly number[],
  setIds: readonly number[],
  permission: 'edit' | 'view',
): Promise<{ ids: number[]; byProject: Map<number, number[]> }> {
  const direct = await requireAssets(db, actor, assetIds, `asset.${permission}`);
  const folders = [...new Set(setIds)];
  for (const id of folders) await requireFolder(db, actor, id, `folder.${permission}`);
  const inFolders = await q.subtreeAssets(db, folders, TAG_ASSETS_MAX + 1);
  const byProject = new Map<number, number[]>();
  const seen = new Set<number>();
  for (const a of [...direct, ...inFolders]) {
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    byProject.set(a.projectId, [...(byProject.get(a.projectId) ?? []), a.id]);
  }
  if (seen.size > TAG_ASSETS_MAX)
    throw new ValidationError({ asset_ids: [`At most ${TAG_ASSETS_MAX} assets at once; these folders hold more`] });
  return { ids: [...seen], byProject };
}

/** POST /api/tags: adds MANUAL tags to the assets named, or takes tags off them, in one transaction. */
export async function changeTags(db: Db, actor: Actor, body: TagsBody): Promise<TagsChangeResponse> {
  const { ids, byProject } = await selection(db, actor, body.asset_ids, body.set_ids, 'edit');
  const changed = await db.transaction(async (tx) => {
    let total = 0;
    for (const [projectId, assetIds] of byProject) {
      const n =
        body.type === 'add' ? await q.addManualTags(tx, assetIds, body.tags, actor.userId) : await q.removeTags(tx, assetIds, body.tags);
      total += n;
      await audit(tx, actor, 'tags:change', projectId, { type: body.type, tags: body.tags, assets: assetIds.length, changed: n });
    }
    return total;
  });
  return { success: true, asset_count: ids.length, changed };
}

type Found = Awaited<ReturnType<typeof q.searchTags>>[number];

function suggestion(row: Found, source: TagSource, selected: number): TagSuggestion {
  const apply = selected > 0 && row.onSelected >= selected ? 'ALL' : row.onSelected > 0 ? 'PARTIAL' : 'NONE';
  return { tag: row.value, apply, source, engine: source === 'AUTO' ? row.engine : null, count: row.count };
}

async function search(
  db: Db,
  projectIds: readonly number[],
  term: string,
  selected: readonly number[],
  auto: 'none' | 'applied' | 'all',
): Promise<TagSearchResponse> {
  const base = { projectIds, term, selected, limit: TAG_SEARCH_LIMIT };
  const manual = await q.searchTags(db, { ...base, kind: 'MANUAL', onlyApplied: false });
  const found = auto === 'none' ? [] : await q.searchTags(db, { ...base, kind: 'AUTO', onlyApplied: auto === 'applied' });
  return {
    tags: manual.slice(0, TAG_SEARCH_LIMIT).map((r) => suggestion(r, 'MANUAL', selected.length)),
    autoTags: found.slice(0, TAG_SEARCH_LIMIT).map((r) => suggestion(r, 'AUTO', selected.length)),
    hasMoreResults: manual.length > TAG_SEARCH_LIMIT || found.length > TAG_SEARCH_LIMIT,
  };
}

/**
 * POST /api/tag/search: the tags of the selection's libraries containing the term, each with how it lies on the
 * selection (ALL, PARTIAL, NONE); AUTO tags only when asked, and only those on the selection.
 */
export async function searchSelectionTags(db: Db, actor: Actor, body: TagSearchBody): Promise<TagSearchResponse> {
  const { ids, byProject } = await selection(db, actor, body.asset_ids, body.set_ids, 'view');
  return search(db, [...byProject.keys()], body.search_term, ids, body.include_applied_auto_tags ? 'applied' : 'none');
}

/** GET /api/tag/search and GET /api/tag: a library's tags containing the term (suggestions while typing). */
export async function searchProjectTags(db: Db, actor: Actor, query: TagSearchQuery): Promise<TagSearchResponse> {
  const { project } = await requireProject(db, actor, query.project_id, 'project.view');
  return search(db, [project.id], query.search_term, [], query.include_auto_tags ? 'all' : 'none');
}

/** POST /api/project/{id}/tag/rename: renames a tag on every live asset of the library, merging where both are. */
export async function renameProjectTag(db: Db, actor: Actor, projectId: number, body: RenameTagBody): Promise<TagRenameResponse> {
  const { project } = await requireProject(db, actor, projectId, 'project.edit');
  if (body.from === body.to) throw new ValidationError({ to: ['Is the same as the tag'] });
  const ids = await q.assetsWithTag(db, project.id, body.from.toLowerCase());
  if (ids.length === 0) throw new NotFoundError('No asset of this library has this tag');
  await db.transaction(async (tx) => {
    await q.renameTag(tx, ids, body.from.toLowerCase(), body.to);
    await audit(tx, actor, 'tags:rename', project.id, { from: body.from, to: body.to, assets: ids.length });
  });
  return { success: true, asset_count: ids.length };
}

/** POST /api/project/{id}/tag/delete: takes a tag off every live asset of the library. */
export async function deleteProjectTag(db: Db, actor: Actor, projectId: number, body: DeleteTagBody): Promise<TagRenameResponse> {
  const { project } = await requireProject(db, actor, projectId, 'project.edit');
  const ids = await q.assetsWithTag(db, project.id, body.tag.toLowerCase());
  if (ids.length === 0) throw new NotFoundError('No asset of this library has this tag');
  await db.transaction(async (tx) => {
    await q.removeTags(tx, ids, [body.tag]);
    await audit(tx, actor, 'tags:delete', project.id, { tag: body.tag, assets: ids.length });
  });
  return { success: true, asset_count: ids.length };
}
