import { createSetBodySchema, updateSetBodySchema } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import {
  createFolder,
  DEFAULT_FOLDER_COLOR,
  deleteFolder,
  type Folder,
  type FolderNode,
  folderKeys,
  totalAssetCount,
  updateFolder,
} from '../../toolkit/folders';
import { AppDialog, ConfirmDialogActions, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { projectKeys } from '../projects/api';
import { assetKeys } from './api';

type FolderFormMode = { kind: 'create'; parentId: number } | { kind: 'rename'; folder: FolderNode };

/** New folder (POST /api/set/create/{projectId}) or rename (PATCH /api/set/{id}): name and colour. */
export function FolderFormDialog({
  projectId,
  mode,
  isOpen,
  onOpenChange,
  onSaved,
}: {
  projectId: number;
  mode: FolderFormMode;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (folder: Folder) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      title={mode.kind === 'create' ? t('folders.createTitle') : t('folders.renameTitle', { name: mode.folder.name })}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      size="sm"
    >
      <FolderForm projectId={projectId} mode={mode} onBusyChange={setBusy} onDone={() => onOpenChange(false)} onSaved={onSaved} />
    </AppDialog>
  );
}

function FolderForm({
  projectId,
  mode,
  onBusyChange,
  onDone,
  onSaved,
}: {
  projectId: number;
  mode: FolderFormMode;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
  onSaved?: (folder: Folder) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const colorId = useId();
  const { errors, setErrors, clearError, fieldProps } = useFormErrors();
  const [name, setName] = useState(mode.kind === 'rename' ? mode.folder.name : '');
  const [color, setColor] = useState((mode.kind === 'rename' ? mode.folder.color : null) ?? DEFAULT_FOLDER_COLOR);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const body = { name: name.trim(), color: color.toUpperCase() };
    const parsed =
      mode.kind === 'create' ? createSetBodySchema.safeParse({ ...body, parent: mode.parentId }) : updateSetBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    setSubmitting(true);
    onBusyChange(true);
    try {
      const folder =
        mode.kind === 'create'
          ? await createFolder(projectId, { ...body, parent: mode.parentId })
          : await updateFolder(mode.folder.id, body);
      await queryClient.invalidateQueries({ queryKey: folderKeys.tree(projectId) });
      onBusyChange(false);
      onDone();
      onSaved?.(folder);
    } catch (error) {
      setSubmitting(false);
      onBusyChange(false);
      const fieldErrors = apiFieldErrors(error);
      if (fieldErrors.name || fieldErrors.color) setErrors(fieldErrors, formRef.current);
      else setFailure(errorMessage(error, t('folders.saveFailed')));
    }
  };

  return (
    <Form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField label={t('folders.name')} {...fieldProps('name', name, setName)} isRequired autoFocus />
      <div className="field color-field">
        <label className="field__label" htmlFor={colorId}>
          {t('folders.color')}
        </label>
        <div className="color-field__row">
          <input
            id={colorId}
            type="color"
            className="color-field__input"
            value={color.toLowerCase()}
            onChange={(e) => {
              setColor(e.target.value.toUpperCase());
              clearError('color');
            }}
            aria-invalid={errors.color ? true : undefined}
          />
          <code>{color.toUpperCase()}</code>
        </div>
        {errors.color ? <p className="field__error">{errors.color}</p> : null}
      </div>
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={mode.kind === 'create' ? t('folders.create') : t('folders.save')}
        submitting={submitting}
      />
    </Form>
  );
}

/**
 * DELETE /api/set/{id} after a confirmation that says what happens to the contents: sub-folders are deleted
 * and all their assets move to the parent folder (docs/api.md "Folders").
 */
export function DeleteFolderDialog({
  projectId,
  folder,
  parentName,
  isOpen,
  onOpenChange,
  onDeleted,
}: {
  projectId: number;
  folder: FolderNode;
  parentName: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const count = totalAssetCount(folder);
  const subfolders = folder.child_sets.length;

  const confirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await deleteFolder(folder.id);
      setDeleting(false);
      onOpenChange(false);
      // Leave the deleted folder first, then refresh what changed (the tree, the parent's listing, counts).
      onDeleted();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: folderKeys.tree(projectId) }),
        queryClient.invalidateQueries({ queryKey: assetKeys.listsOfProject(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
      ]);
    } catch (error) {
      setDeleting(false);
      setFailure(errorMessage(error, t('folders.deleteFailed')));
    }
  };

  return (
    <AppDialog
      title={t('folders.deleteTitle', { name: folder.name })}
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        if (!open) setFailure(null);
      }}
      role="alertdialog"
      isDismissable={!deleting}
      size="sm"
    >
      <p>{count > 0 ? t('folders.deleteMovesAssets', { count, parent: parentName }) : t('folders.deleteEmpty', { parent: parentName })}</p>
      {subfolders > 0 ? <p>{t('folders.deleteSubfolders', { count: subfolders })}</p> : null}
      {failure ? <Alert>{failure}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={deleting ? t('folders.deleting') : t('folders.deleteConfirm')}
        busy={deleting}
        onConfirm={() => void confirm()}
      />
    </AppDialog>
  );
}
