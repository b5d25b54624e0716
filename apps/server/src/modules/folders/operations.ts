import { type FolderNode, type FolderTrashed, type FolderWithPath, LIBRARY_TRASH_DAYS, type SetListSort } from '@emblem/core';
import {
  foldersOfProject,
  requireFolder,
  requireFolderIn,
  requireMember,
  requireProject,
  requireSiblingStatus,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import * as q from './queries.js';

export interface SetNode {
  id: number;
  project_id: number;
  parent_id: number | null;
  name: string;
  color: string;
  /** Assets directly in the folder. */
  asset_count: number;
  /** Assets in the folder and in every folder below it. */
  total_asset_count: number;
  created_at: string;
  /** Who created the folder (null once that user is gone); used to filter, never answered. */
  created_by: number | null;
  path: string[];
  child_sets: SetNode[];
}

/** The project's folders as nodes with their path from the root, parents before children. */
async function loadNodes(db: Db, projectId: number): Promise<Map<number, SetNode>> {
  const rows = await q.listSets(db, projectId);
  const nodes = new Map<number, SetNode>();
  for (const { set, assetCount, totalAssetCount } of rows) {
    nodes.set(set.id, {
      id: set.id,
      project_id: set.projectId,
      parent_id: set.parentId,
      name: set.name,
      color: set.color,
      asset_count: assetCount,
      total_asset_count: totalAssetCount,
      created_at: set.createdAt.toISOString(),
      created_by: set.createdBy,
      path: [],
      child_sets: [],
    });
  }
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.child_sets.push(node);
  }
  const fillPaths = (node: SetNode, path: string[]) => {
    node.path = [...path, node.name];
    for (const c of node.child_sets) fillPaths(c, node.path);
  };
  for (const node of nodes.values()) if (node.parent_id === null || !nodes.has(node.parent_id)) fillPaths(node, []);
  return nodes;
}

/** Ids of a folder and everything below it. */
export function descendantsOf(nodes: Map<number, SetNode>, id: number): number[] {
  const out: number[] = [];
  const walk = (n: SetNode | undefined) => {
    if (!n) return;
    out.push(n.id);
    for (const c of n.child_sets) walk(c);
  };
  walk(nodes.get(id));
  return out;
}

const strip = ({ child_sets, path, created_by, ...rest }: SetNode) => rest;

/** GET /api/project/{id}/set: the tree under a pseudo-root with id 0 named after the project. */
export async function folderTree(db: Db, actor: Actor, projectId: number): Promise<FolderNode> {
  const { project } = await requireProject(db, actor, projectId, 'project.view');
  const nodes = await loadNodes(db, projectId);
  const roots = [...nodes.values()].filter((n) => n.parent_id === null || !nodes.has(n.parent_id));
  const shape = (n: SetNode): FolderNode => ({ ...strip(n), child_sets: n.child_sets.map(shape) });
  return { id: 0, name: project.name, project_id: projectId, child_sets: roots.map(shape) };
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** The list orders other than `position`, which is the order the folders load in. */
const listOrders: Record<Exclude<SetListSort, 'position'>, (a: SetNode, b: SetNode) => number> = {
  name: (a, b) => byName.compare(a.name, b.name) || a.id - b.id,
  created: (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id),
};

/**
 * GET /api/project/{id}/sets: a flat list; `recursive` includes all levels under `parent_id`; search is
 * case-insensitive; `creator_id` keeps the folders that member of the account created; `sort_by` orders the list.
 */
export async function folderList(
  db: Db,
  actor: Actor,
  projectId: number,
  opts: {
    recursive?: boolean;
    search_term?: string;
    parent_id?: number;
    creator_id?: number;
    sort_by?: SetListSort;
    workflow_status_id?: number;
  },
): Promise<FolderWithPath[]> {
  const access = await requireProject(db, actor, projectId, 'project.view');
  // A status of another project is not found; folders of the status are those holding a live asset in it.
  const inStatus =
    opts.workflow_status_id === undefined
      ? null
      : new Set(await q.foldersWithStatus(db, projectId, (await requireSiblingStatus(db, access, opts.workflow_status_id)).id));
  // The creator is a claim too: a user of another account is not found, whoever created the folders.
  if (opts.creator_id !== undefined) await requireMember(db, actor, opts.creator_id, 'user.view');
  const nodes = await loadNodes(db, projectId);
  const parent = opts.parent_id ? opts.parent_id : null;
  if (parent !== null && !nodes.has(parent)) throw new NotFoundError();
  if (parent !== null) foldersOfProject(access, [parent]);
  const scope =
    opts.recursive || opts.search_term
      ? parent === null
        ? [...nodes.values()]
        : descendantsOf(nodes, parent)
            .filter((id) => id !== parent)
            .map((id) => nodes.get(id) as SetNode)
      : [...nodes.values()].filter((n) => n.parent_id === parent);
  const term = opts.search_term?.trim().toLocaleLowerCase();
  const found = scope.filter(
    (n) =>
      (!term || n.name.toLocaleLowerCase().includes(term)) &&
      (opts.creator_id === undefined || n.created_by === opts.creator_id) &&
      (!inStatus || inStatus.has(n.id)),
  );
  const sort = opts.sort_by ?? 'position';
  if (sort !== 'position') found.sort(listOrders[sort]);
  return found.map((n) => ({ ...strip(n), path: n.path }));
}

export async function createSet(db: Db, actor: Actor, projectId: number, input: { name: string; parent: number | null; color: string }) {
  return db.transaction(async (tx) => {
    await requireFolderIn(tx, await requireProject(tx, actor, projectId, 'project.edit'), input.parent, 'parent');
    const sort = await q.countSiblings(tx, projectId, input.parent);
    const set = await q.insertSet(tx, {
      projectId,
      parentId: input.parent,
      name: input.name,
      color: input.color,
      sort,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'folder:create', set.id);
    const nodes = await loadNodes(tx, projectId);
    return { ...strip(nodes.get(set.id) as SetNode), path: (nodes.get(set.id) as SetNode).path };
  });
}

export async function updateSet(db: Db, actor: Actor, id: number, input: { name?: string; color?: string; parent?: number | null }) {
  return db.transaction(async (tx) => {
    const folder = await requireFolder(tx, actor, id, 'folder.edit');
    const { set } = folder;
    if (input.parent !== undefined) {
      await requireFolderIn(tx, folder, input.parent, 'parent');
      if (input.parent !== null && descendantsOf(await loadNodes(tx, set.projectId), id).includes(input.parent)) {
        throw new ValidationError({ parent: ['A folder cannot move into itself or one of its sub-folders'] });
      }
    }
    await q.updateSet(tx, id, { name: input.name, color: input.color, parentId: input.parent });
    await audit(tx, actor, 'folder:update', id, input);
    const node = (await loadNodes(tx, set.projectId)).get(id) as SetNode;
    return { ...strip(node), path: node.path };
  });
}

/**
 * Moves a folder, its sub-folders and all their assets to the library's trash as one item, restorable for 30 days
 * (the assets module's trash.ts restores, lists and purges it; decision 0025).
 */
export async function deleteSet(db: Db, actor: Actor, id: number): Promise<FolderTrashed> {
  return db.transaction(async (tx) => {
    const { set } = await requireFolder(tx, actor, id, 'folder.edit');
    const doomed = descendantsOf(await loadNodes(tx, set.projectId), id);
    const at = new Date();
    const trashedAssets = await q.trashFolderTree(tx, id, doomed, actor.userId, at);
    await audit(tx, actor, 'folder:delete', id, { name: set.name, folders: doomed.length, assets: trashedAssets });
    return {
      id,
      trashed: true,
      deleted_at: at.toISOString(),
      expires_at: new Date(at.getTime() + LIBRARY_TRASH_DAYS * 86_400_000).toISOString(),
      trashed_sets: doomed.length,
      trashed_assets: trashedAssets,
      target_set_id: set.parentId ?? 0,
    };
  });
}

export { loadNodes };
