import type { TransferResult } from '@emblem/core';
import { assetInProject, foldersOfProject, requireFolderIn, requireProject } from '../../access/index.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ValidationError } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/define.js';
import { randomToken } from '../../lib/secrets.js';
import { deleteSets, descendantsOf, insertSet, loadNodes, type SetNode, updateSet } from '../folders/public.js';
import { processRevisionJob } from '../media/public.js';
import { type AssetDeps, assertExtensionsAllowed } from './operations.js';
import * as q from './queries.js';

export interface TransferInput {
  source: { project: number };
  target: { project: number; folder?: number | null };
  folders: number[];
  assets: number[];
  metadata: boolean;
  mode: 'move' | 'copy';
}

/**
 * Moves or copies assets and folders (with their sub-folders and assets) into a project and folder.
 * Moving needs EDIT on both projects; copying needs VIEW on the source. Copies share the stored files
 * and keep every revision; with metadata false a copy starts without description and alternative text.
 */
export async function transfer(deps: AssetDeps, actor: Actor, input: TransferInput): Promise<TransferResult> {
  const result = await deps.db.transaction(async (tx) => {
    const source = await requireProject(tx, actor, input.source.project, input.mode === 'move' ? 'project.edit' : 'project.view');
    const target = await requireProject(tx, actor, input.target.project, 'project.edit');
    const targetFolder = input.target.folder ?? null;
    await requireFolderIn(tx, target, targetFolder, 'target.folder');
    const sourceNodes = await loadNodes(tx, source.project.id);
    for (const f of input.folders)
      if (!sourceNodes.has(f)) throw new ValidationError({ folders: [`Folder ${f} is not in the source project`] });
    foldersOfProject(source, input.folders);
    // Assets named on their own must be in the source project, whose rights were just checked.
    const looseAssets = await Promise.all(input.assets.map((id) => q.findAsset(tx, id)));
    for (const [i, a] of looseAssets.entries()) {
      if (!assetInProject(source, a)) throw new ValidationError({ assets: [`Asset ${input.assets[i]} is not in the source project`] });
    }
    if (input.mode === 'move' && targetFolder !== null && source.project.id === target.project.id) {
      for (const f of input.folders) {
        if (descendantsOf(sourceNodes, f).includes(targetFolder))
          throw new ValidationError({ 'target.folder': ['A folder cannot move into itself or one of its sub-folders'] });
      }
    }
    const movedFolders: number[] = [];
    const movedAssets: number[] = [];
    const folderAssets = await q.assetsInSets(
      tx,
      input.folders.flatMap((f) => descendantsOf(sourceNodes, f)),
    );
    // An asset named on its own and inside a transferred folder travels once, with its folder.
    const inFolders = new Set(folderAssets.map((a) => a.id));
    looseAssets.splice(0, looseAssets.length, ...looseAssets.filter((a) => a && !inFolders.has(a.id)));
    const travelling = await q.findDetails(
      tx,
      [...(looseAssets as q.AssetRow[]), ...folderAssets].map((a) => a.id),
    );
    await assertExtensionsAllowed(
      tx,
      target.project,
      travelling.flatMap((d) => (d.file ? [d.file.extension] : [])),
    );

    // Folders: recreate the tree under the target (or re-parent within one project when moving).
    const folderMap = new Map<number, number>();
    const recreate = async (nodeId: number, parent: number | null) => {
      const node = sourceNodes.get(nodeId) as SetNode;
      const created = await insertSet(tx, {
        projectId: target.project.id,
        parentId: parent,
        name: node.name,
        color: node.color,
        createdBy: actor.userId,
      });
      folderMap.set(nodeId, created.id);
      for (const child of node.child_sets) await recreate(child.id, created.id);
      return created.id;
    };
    for (const f of input.folders) {
      if (input.mode === 'move' && source.project.id === target.project.id) {
        await updateSet(tx, f, { parentId: targetFolder });
        movedFolders.push(f);
        for (const id of descendantsOf(sourceNodes, f)) folderMap.set(id, id);
      } else {
        movedFolders.push(await recreate(f, targetFolder));
      }
    }

    const place = async (a: q.AssetRow, setId: number | null) => {
      const position = await q.endPosition(tx, target.project.id, setId);
      if (input.mode === 'move') {
        // A workflow status belongs to its project: an asset leaving the project leaves its status (decision 0045).
        const leaves = a.projectId !== target.project.id ? { workflowStatusId: null } : {};
        await q.updateAsset(tx, a.id, { projectId: target.project.id, accountId: target.project.accountId, setId, position, ...leaves });
        return a.id;
      }
      const copy = await q.insertAsset(tx, {
        accountId: target.project.accountId,
        projectId: target.project.id,
        setId,
        position,
        token: randomToken(24),
        objectType: a.objectType,
        title: a.title,
        description: input.metadata ? a.description : '',
        alternativeText: input.metadata ? a.alternativeText : '',
        externalUrl: a.externalUrl,
        status: a.status,
        author: a.author,
        copyrightStatus: input.metadata ? a.copyrightStatus : 'UNKNOWN',
        copyrightNotice: input.metadata ? a.copyrightNotice : '',
        createdBy: actor.userId,
      });
      let current: number | null = null;
      for (const r of await q.revisionsOf(tx, [a.id])) {
        const { id: _id, assetId: _assetId, createdAt: _createdAt, ...rest } = r;
        const rev = await q.insertRevision(tx, { ...rest, assetId: copy.id });
        if (r.id === a.currentRevisionId) current = rev.id;
        // A copy made while the original is still being processed gets its own processing.
        if (r.status === 'PROCESSING') await enqueueJob(tx, processRevisionJob, { revisionId: rev.id });
      }
      if (current !== null) await q.updateAsset(tx, copy.id, { currentRevisionId: current });
      for (const att of await q.attachmentsOf(tx, [a.id])) {
        await q.insertAttachment(tx, {
          assetId: copy.id,
          fileId: att.fileId,
          title: att.title,
          colorSpace: att.colorSpace,
          createdBy: actor.userId,
        });
      }
      return copy.id;
    };
    for (const a of looseAssets as q.AssetRow[]) movedAssets.push(await place(a, targetFolder));
    for (const a of folderAssets) {
      const mapped = a.setId === null ? targetFolder : (folderMap.get(a.setId) ?? targetFolder);
      if (input.mode === 'move' && source.project.id === target.project.id) continue; // they travel with their folder
      movedAssets.push(await place(a, mapped));
    }
    if (input.mode === 'move' && source.project.id !== target.project.id && input.folders.length) {
      await deleteSets(
        tx,
        input.folders.flatMap((f) => descendantsOf(sourceNodes, f)),
      );
    }
    await audit(tx, actor, `asset:${input.mode}`, target.project.id, {
      source: source.project.id,
      assets: movedAssets.length,
      folders: movedFolders.length,
    });
    return { assets: movedAssets, folders: movedFolders };
  });
  if (input.mode === 'copy') deps.jobsEnqueued();
  return result;
}
