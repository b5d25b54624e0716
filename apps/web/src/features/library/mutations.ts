import type { FolderTrashed } from '@emblem/core';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { downloader } from '../../lib/download';
import { useWrite } from '../../lib/mutation';
import { createFolder, type Folder, type FolderNode, folderKeys, updateFolder } from '../../toolkit/folders';
import { projectKeys } from '../projects/api';
import type { UploadTarget } from '../uploads/queue';
import {
  assetKeys,
  bulkDownload,
  createAsset,
  deleteAssets,
  emptyTrash,
  restoreTrash,
  transferAssets,
  trashFolder,
  trashKeys,
} from './api';
import { scheduleInvalidate } from './refresh';

/** What a change of the project's contents touches: its listings, its folder tree, and project counts and previews. */
export function refreshProjectContents(queryClient: QueryClient, projectId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: assetKeys.listsOfProject(projectId) }),
    queryClient.invalidateQueries({ queryKey: trashKeys.of(projectId) }),
    queryClient.invalidateQueries({ queryKey: folderKeys.tree(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  ]);
}

/** Uploaded files become assets of the folder (POST /api/asset); the folder's listing is refreshed once per burst. */
export function assetUploadTarget(queryClient: QueryClient, projectId: number, setId: number): UploadTarget {
  return {
    projectId,
    finish: async (fileId) => {
      // The top level (0) is the absence of a folder.
      const created = await createAsset({ file_id: fileId, project_id: projectId, ...(setId === 0 ? {} : { set_id: setId }) });
      scheduleInvalidate(queryClient, [...assetKeys.listsOfProject(projectId), setId]);
      scheduleInvalidate(queryClient, folderKeys.tree(projectId));
      scheduleInvalidate(queryClient, projectKeys.all);
      return { assetId: created.id };
    },
  };
}

type BulkDownloadBody = Parameters<typeof bulkDownload>[0];

/** POST /api/asset/bulk-download (a selection, or a whole folder), then the browser downloads the ZIP. */
export function useBulkDownload() {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (body: BulkDownloadBody) => bulkDownload(body),
    onSuccess: (result) => downloader.start(result.download_url),
    failureMessage: (error) => errorMessage(error, t('library.downloadFailed')),
  });
}

/**
 * Moves assets into another folder of the same project (POST /api/assets/transfer). `onMoved` runs before the
 * project's contents are refreshed; the returned promise settles after both.
 */
export function useMoveAssets(projectId: number, onMoved: (ids: number[], folderId: number, folderName: string) => void) {
  return useWrite({
    mutationFn: ({ ids, folderId }: { ids: number[]; folderId: number; folderName: string }) =>
      transferAssets({
        source: { project: projectId },
        target: { project: projectId, folder: folderId },
        folders: [],
        assets: ids,
        metadata: true,
        mode: 'move',
      }),
    onSuccess: async (_result, { ids, folderId, folderName }, _context, { client }) => {
      onMoved(ids, folderId, folderName);
      await refreshProjectContents(client, projectId);
    },
  });
}

/**
 * POST /api/screen/delete (to the trash). `onDeleted` (with the ids deleted) runs first, then the project's contents
 * are refreshed.
 */
export function useDeleteAssets(projectId: number, onDeleted: (ids: number[]) => void) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (ids: number[]) => deleteAssets(ids),
    onSuccess: async (result, ids, _context, { client }) => {
      onDeleted(result?.deleted ?? ids);
      await refreshProjectContents(client, projectId);
    },
    failureMessage: (error) => errorMessage(error, t('library.deleteFailed')),
  });
}

export type FolderFormMode = { kind: 'create'; parentId: number } | { kind: 'rename'; folder: FolderNode };

/**
 * New folder (POST /api/set/create/{projectId}) or rename (PATCH /api/set/{id}); the write settles once the
 * folder tree was refreshed.
 */
export function useSaveFolder(projectId: number, mode: FolderFormMode) {
  return useWrite({
    mutationFn: (body: { name: string; color: string }): Promise<Folder> =>
      mode.kind === 'create' ? createFolder(projectId, { ...body, parent: mode.parentId }) : updateFolder(mode.folder.id, body),
    invalidates: () => [folderKeys.tree(projectId)],
  });
}

/**
 * DELETE /api/set/{id} (to the trash). `onDeleted` leaves the deleted folder first; then what changed is refreshed
 * (the tree, the parent's listing, counts, the trash).
 */
export function useDeleteFolder(projectId: number, onDeleted: (result: FolderTrashed) => void) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (folderId: number) => trashFolder(folderId),
    onSuccess: async (result, _folderId, _context, { client }) => {
      onDeleted(result);
      await refreshProjectContents(client, projectId);
    },
    failureMessage: (error) => errorMessage(error, t('folders.deleteFailed')),
  });
}

/** POST /api/project/{id}/trash/restore (Undo, and the trash page); the project's contents are refreshed after. */
export function useRestoreTrash(projectId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (body: { asset_ids?: number[]; set_ids?: number[] }) => restoreTrash(projectId, body),
    onSuccess: async (_result, _body, _context, { client }) => {
      await refreshProjectContents(client, projectId);
    },
    failureMessage: (error) => errorMessage(error, t('library.trash.restoreFailed')),
  });
}

/** DELETE /api/project/{id}/trash: everything in it is removed for good. */
export function useEmptyTrash(projectId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: () => emptyTrash(projectId),
    onSuccess: async (_result, _body, _context, { client }) => {
      await refreshProjectContents(client, projectId);
    },
    failureMessage: (error) => errorMessage(error, t('library.trash.emptyFailed')),
  });
}
