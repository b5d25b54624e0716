import type { FolderResponse as Folder, FolderNode } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';

/**
 * Folders (sets) of a project (docs/api.md "Folders"). The tree's
 * root pseudo-folder has id 0 and the project's name.
 */
/** Default folder colour. */
export const DEFAULT_FOLDER_COLOR = '#EEEEEE';

/**
 * A node of the tree: the root pseudo-folder has only id, name and child_sets; every other node has the counts,
 * `asset_count` (directly in it) and `total_asset_count` (with all its sub-folders).
 */
/** `Set` as the create and update calls answer it. */
export type { FolderNode, FolderResponse as Folder } from '@emblem/core';

export const folderKeys = {
  tree: (projectId: number) => ['folders', 'tree', projectId] as const,
};

export function folderTreeQuery(projectId: number) {
  return queryOptions({
    queryKey: folderKeys.tree(projectId),
    queryFn: async ({ signal }) => normaliseTree(await api<FolderNode>(`/api/project/${projectId}/set`, { signal })),
  });
}

function normaliseTree(node: FolderNode): FolderNode {
  return { ...node, child_sets: (node.child_sets ?? []).map(normaliseTree) };
}

export function createFolder(projectId: number, body: { name: string; parent: number; color: string }): Promise<Folder> {
  return api<Folder>(`/api/set/create/${projectId}`, { method: 'POST', body });
}

export function updateFolder(id: number, body: { name?: string; color?: string; parent?: number }): Promise<Folder> {
  return api<Folder>(`/api/set/${id}`, { method: 'PATCH', body });
}

export function deleteFolder(id: number): Promise<{ id: number; moved_assets: number; target_set_id: number | null }> {
  return api(`/api/set/${id}`, { method: 'DELETE' });
}

/** The node with this id (0 is the root), or undefined. */
export function findFolder(root: FolderNode | undefined, id: number): FolderNode | undefined {
  if (!root) return undefined;
  if (root.id === id) return root;
  for (const child of root.child_sets) {
    const found = findFolder(child, id);
    if (found) return found;
  }
  return undefined;
}

/** The nodes from the root to the folder with this id (both included), or [] when it is not in the tree. */
export function folderPath(root: FolderNode | undefined, id: number): FolderNode[] {
  if (!root) return [];
  if (root.id === id) return [root];
  for (const child of root.child_sets) {
    const path = folderPath(child, id);
    if (path.length > 0) return [root, ...path];
  }
  return [];
}

/**
 * Assets in a folder and all of its sub-folders: the server's total where it gave one, else the sum of the direct
 * counts the tree holds (the root pseudo-folder has no counts of its own).
 */
export function totalAssetCount(node: FolderNode): number {
  if (node.total_asset_count !== undefined) return node.total_asset_count;
  return (node.asset_count ?? 0) + node.child_sets.reduce((sum, child) => sum + totalAssetCount(child), 0);
}

/**
 * The tree reduced to folders whose name contains the search (case-insensitive) and
 * their ancestors. The root always stays; returns the root with no children when nothing matches.
 */
export function filterFolderTree(root: FolderNode, search: string): { tree: FolderNode; matches: number } {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return { tree: root, matches: -1 };
  let matches = 0;
  const visit = (node: FolderNode): FolderNode | null => {
    const children = node.child_sets.map(visit).filter((n): n is FolderNode => n !== null);
    const self = node.name.toLocaleLowerCase().includes(needle);
    if (self) matches += 1;
    return self || children.length > 0 ? { ...node, child_sets: children } : null;
  };
  const children = root.child_sets.map(visit).filter((n): n is FolderNode => n !== null);
  return { tree: { ...root, child_sets: children }, matches };
}

/** Every id in the tree (for expanding all). */
export function allFolderIds(root: FolderNode): number[] {
  return [root.id, ...root.child_sets.flatMap(allFolderIds)];
}
