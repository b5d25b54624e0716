import { useTranslation } from 'react-i18next';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { useDeleteAssets } from './mutations';

/**
 * POST /api/screen/delete after a confirmation: the assets go to the library's trash for 30 days. The dialog closes
 * before `onDeleted` (which offers Undo) and the refresh.
 */
export function DeleteAssetsDialog({
  ids,
  projectId,
  projectName,
  onClose,
  onDeleted,
}: {
  ids: number[];
  projectId: number;
  projectName: string;
  onClose: () => void;
  onDeleted: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteAssets(projectId, (deleted) => {
    onClose();
    onDeleted(deleted);
  });
  return (
    <AppDialog
      title={t('library.deleteTitle', { count: ids.length })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      isDismissable={!remove.busy}
      size="sm"
    >
      <p>{t('library.deleteText', { count: ids.length, project: projectName })}</p>
      {remove.failure ? <Alert>{remove.failure}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={remove.busy ? t('library.deleting') : t('library.deleteConfirm', { count: ids.length })}
        busy={remove.busy}
        onConfirm={() => remove.mutate(ids)}
      />
    </AppDialog>
  );
}
