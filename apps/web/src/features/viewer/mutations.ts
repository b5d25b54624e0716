import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import { type Asset, assetKeys } from '../library/api';
import { scheduleInvalidate } from '../library/refresh';
import type { UploadTarget } from '../uploads/queue';
import { addRevision, createAttachment, deleteAttachment, renameAttachment, type ScreenData, screenDataQuery, updateAsset } from './api';

/** An uploaded file becomes the asset's new revision; the viewer and the folder's listing are refreshed. */
export function revisionUploadTarget(queryClient: QueryClient, asset: Pick<Asset, 'id' | 'project_id'>): UploadTarget {
  return {
    projectId: asset.project_id,
    finish: async (fileId) => {
      await addRevision(asset.id, fileId);
      scheduleInvalidate(queryClient, assetKeys.screen(asset.id), 0);
      scheduleInvalidate(queryClient, assetKeys.detail(asset.id), 0);
      scheduleInvalidate(queryClient, assetKeys.listsOfProject(asset.project_id));
    },
  };
}

/** Uploaded files become attachments of the asset. */
export function attachmentUploadTarget(queryClient: QueryClient, asset: Pick<Asset, 'id' | 'project_id'>): UploadTarget {
  return {
    projectId: asset.project_id,
    finish: async (fileId) => {
      await createAttachment(asset.id, fileId);
      scheduleInvalidate(queryClient, assetKeys.screen(asset.id), 100);
    },
  };
}

type AssetChanges = Parameters<typeof updateAsset>[1];

/**
 * PATCH /api/asset/{id}: the answer is patched into the viewer's data at once; the asset's detail and the
 * project's listings are refreshed without waiting.
 */
export function useUpdateAsset(asset: Pick<Asset, 'id' | 'project_id'>) {
  return useWrite({
    mutationFn: (changes: AssetChanges) => updateAsset(asset.id, changes),
    onSuccess: (updated, _changes, _context, { client }) => {
      client.setQueryData<ScreenData>(screenDataQuery(asset.id).queryKey, (current) =>
        current ? { ...current, asset: { ...current.asset, ...updated } } : current,
      );
    },
    refreshes: () => [assetKeys.detail(asset.id), assetKeys.listsOfProject(asset.project_id)],
  });
}

/** Rename an attachment; settles once the viewer's data was refreshed. The form shows a failure at its field. */
export function useRenameAttachment(assetId: number, attachmentId: number) {
  return useWrite({
    mutationFn: (title: string) => renameAttachment(attachmentId, title),
    invalidates: () => [assetKeys.screen(assetId)],
  });
}

/** Delete an attachment; settles once the viewer's data was refreshed. */
export function useDeleteAttachment(assetId: number, attachmentId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: () => deleteAttachment(attachmentId),
    invalidates: () => [assetKeys.screen(assetId)],
    failureMessage: (error) => errorMessage(error, t('viewer.attachments.deleteFailed')),
  });
}
