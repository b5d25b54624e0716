import type { FolderTrashed } from '@emblem/core';
import { createSetBodySchema, updateSetBodySchema } from '@emblem/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { DEFAULT_FOLDER_COLOR, type Folder, type FolderNode, totalAssetCount } from '../../toolkit/folders';
import { AppDialog, ConfirmDialogActions, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { type FolderFormMode, useDeleteFolder, useSaveFolder } from './mutations';

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
  const save = useSaveFolder(projectId, mode);
  return (
    <AppDialog
      title={mode.kind === 'create' ? t('folders.createTitle') : t('folders.renameTitle', { name: mode.folder.name })}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!save.busy}
      size="sm"
    >
      <FolderForm mode={mode} save={save} onDone={() => onOpenChange(false)} onSaved={onSaved} />
    </AppDialog>
  );
}

/** Field messages the form shows beside its fields rather than as one alert. */
function hasFolderFieldErrors(error: unknown): boolean {
  const fieldErrors = apiFieldErrors(error);
  return Boolean(fieldErrors.name || fieldErrors.color);
}

function FolderForm({
  mode,
  save,
  onDone,
  onSaved,
}: {
  mode: FolderFormMode;
  save: ReturnType<typeof useSaveFolder>;
  onDone: () => void;
  onSaved?: (folder: Folder) => void;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const colorId = useId();
  const { errors, setErrors, clearError, fieldProps } = useFormErrors();
  const [name, setName] = useState(mode.kind === 'rename' ? mode.folder.name : '');
  const [color, setColor] = useState((mode.kind === 'rename' ? mode.folder.color : null) ?? DEFAULT_FOLDER_COLOR);
  const failure = save.error && !hasFolderFieldErrors(save.error) ? errorMessage(save.error, t('folders.saveFailed')) : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.reset();
    const body = { name: name.trim(), color: color.toUpperCase() };
    const parsed =
      mode.kind === 'create' ? createSetBodySchema.safeParse({ ...body, parent: mode.parentId }) : updateSetBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    try {
      const folder = await save.mutateAsync(body);
      onDone();
      onSaved?.(folder);
    } catch (error) {
      if (hasFolderFieldErrors(error)) setErrors(apiFieldErrors(error), formRef.current);
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
        submitting={save.busy}
      />
    </Form>
  );
}

/**
 * DELETE /api/set/{id} after a confirmation that says what happens: the folder goes to the library's trash for 30
 * days with its sub-folders and all their assets, restorable together (docs/api.md "Trash").
 */
export function DeleteFolderDialog({
  projectId,
  folder,
  isOpen,
  onOpenChange,
  onDeleted,
}: {
  projectId: number;
  folder: FolderNode;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (result: FolderTrashed) => void;
}) {
  const { t } = useTranslation();
  // Leave the deleted folder first; the mutation then refreshes what changed.
  const remove = useDeleteFolder(projectId, (result) => {
    onOpenChange(false);
    onDeleted(result);
  });
  const count = totalAssetCount(folder);
  const subfolders = folder.child_sets.length;

  return (
    <AppDialog
      title={t('folders.deleteTitle', { name: folder.name })}
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        if (!open) remove.clearFailure();
      }}
      role="alertdialog"
      isDismissable={!remove.busy}
      size="sm"
    >
      <p>{count > 0 ? t('folders.deleteToTrash', { count }) : t('folders.deleteEmptyToTrash')}</p>
      {subfolders > 0 ? <p>{t('folders.deleteSubfolders', { count: subfolders })}</p> : null}
      <p>{t('folders.deleteRestorable')}</p>
      {remove.failure ? <Alert>{remove.failure}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={remove.busy ? t('folders.deleting') : t('folders.deleteConfirm')}
        busy={remove.busy}
        onConfirm={() => remove.mutate(folder.id)}
      />
    </AppDialog>
  );
}
