import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FileTrigger, Form, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { formatSize } from '../../lib/format';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import type { Asset } from '../library/api';
import { useUploadStarter } from '../uploads/useUploadStarter';
import type { Attachment } from './api';
import { attachmentUploadTarget, useDeleteAttachment, useRenameAttachment } from './mutations';

/**
 * The asset's attachments: download for everyone; upload, and an actions menu with rename and delete, only with
 * edit permission.
 */
export function Attachments({
  asset,
  attachments,
  canEdit,
  projectId,
}: {
  asset: Asset;
  attachments: Attachment[];
  canEdit: boolean;
  projectId: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useUploadStarter(projectId);
  const [renaming, setRenaming] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);

  return (
    <section className="viewer-section" aria-labelledby="asset-attachments-heading">
      <div className="viewer-section__head">
        <h2 id="asset-attachments-heading" className="viewer-section__title">
          {t('viewer.attachments.title')}
        </h2>
        {canEdit ? (
          <FileTrigger
            allowsMultiple
            onSelect={(files) => files && void upload.start(Array.from(files), attachmentUploadTarget(queryClient, asset))}
          >
            <Button size="sm" isPending={upload.checking}>
              {t('viewer.attachments.upload')}
            </Button>
          </FileTrigger>
        ) : null}
      </div>
      {attachments.length === 0 ? (
        <p className="muted">{canEdit ? t('viewer.attachments.noneEditor') : t('viewer.attachments.none')}</p>
      ) : (
        <ul className="item-list">
          {attachments.map((attachment) => (
            <li key={attachment.id} className="item-list__item">
              <div className="item-list__main">
                <span className="item-list__name">{attachment.title}</span>
                <span className="item-list__meta">
                  {[attachment.extension?.toUpperCase(), formatSize(attachment.size)].filter(Boolean).join(' · ')}
                </span>
              </div>
              {attachment.download_url ? (
                <a className="button button--ghost button--sm" href={attachment.download_url} download>
                  {t('viewer.attachments.download')}
                  <span className="visually-hidden"> {attachment.title}</span>
                </a>
              ) : null}
              {canEdit ? (
                <MenuTrigger>
                  <Button size="sm" variant="ghost" aria-label={t('viewer.attachments.actions', { name: attachment.title })}>
                    <span aria-hidden="true">⋯</span>
                  </Button>
                  <Popover className="menu-popover" placement="bottom end">
                    <Menu
                      className="menu"
                      onAction={(key) => {
                        if (key === 'rename') setRenaming(attachment);
                        if (key === 'delete') setDeleting(attachment);
                      }}
                    >
                      <MenuItem id="rename" className="menu__item">
                        {t('viewer.attachments.rename')}
                      </MenuItem>
                      <MenuItem id="delete" className="menu__item menu__item--danger">
                        {t('viewer.attachments.delete')}
                      </MenuItem>
                    </Menu>
                  </Popover>
                </MenuTrigger>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {upload.dialogs}
      {renaming ? <RenameAttachmentDialog asset={asset} attachment={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? <DeleteAttachmentDialog asset={asset} attachment={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}

function RenameAttachmentDialog({ asset, attachment, onClose }: { asset: Asset; attachment: Attachment; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameAttachment(asset.id, attachment.id);
  const [title, setTitle] = useState(attachment.title);
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = title.trim();
    if (!value) {
      setError(t('viewer.attachments.titleRequired'));
      return;
    }
    try {
      await rename.mutateAsync(value);
      onClose();
    } catch (e) {
      setError(errorMessage(e, t('viewer.attachments.renameFailed')));
    }
  };
  return (
    <AppDialog
      title={t('viewer.attachments.renameTitle')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!rename.busy}
      size="sm"
    >
      <Form className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
        <TextField
          label={t('viewer.attachments.name')}
          autoFocus
          isRequired
          value={title}
          onChange={(value) => {
            setTitle(value);
            setError(undefined);
          }}
          errorMessage={error}
        />
        <FormDialogActions cancelLabel={t('common.cancel')} submitLabel={t('viewer.attachments.save')} submitting={rename.busy} />
      </Form>
    </AppDialog>
  );
}

function DeleteAttachmentDialog({ asset, attachment, onClose }: { asset: Asset; attachment: Attachment; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAttachment(asset.id, attachment.id);
  return (
    <AppDialog
      title={t('viewer.attachments.deleteTitle', { name: attachment.title })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      isDismissable={!remove.busy}
      size="sm"
    >
      <p>{t('viewer.attachments.deleteText')}</p>
      {remove.failure ? <Alert>{remove.failure}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={t('viewer.attachments.deleteConfirm')}
        busy={remove.busy}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onClose })}
      />
    </AppDialog>
  );
}
