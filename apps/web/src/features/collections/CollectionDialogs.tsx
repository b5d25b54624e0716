import { createCollectionBodySchema, updateCollectionBodySchema } from '@emblem/core';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { AppDialog, ConfirmDialogActions, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import type { Collection } from './api';
import { useCreateCollection, useDeleteCollection, useUpdateCollection } from './mutations';

type Save = ReturnType<typeof useCreateCollection> | ReturnType<typeof useUpdateCollection>;

/** New collection (in a library) or its name and description changed. */
export function CollectionFormDialog({
  projectId,
  collection,
  isOpen,
  onOpenChange,
  onSaved,
}: {
  projectId: number;
  /** Present: edit this collection; absent: create one in the project. */
  collection?: Collection;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (collection: Collection) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateCollection(projectId);
  const update = useUpdateCollection(collection?.id ?? 0);
  const save: Save = collection ? update : create;
  return (
    <AppDialog
      title={collection ? t('collections.editTitle', { name: collection.name }) : t('collections.createTitle')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!save.busy}
      size="sm"
    >
      <CollectionForm
        collection={collection}
        save={save}
        onDone={(saved) => {
          onOpenChange(false);
          onSaved?.(saved);
        }}
      />
    </AppDialog>
  );
}

function CollectionForm({ collection, save, onDone }: { collection?: Collection; save: Save; onDone: (saved: Collection) => void }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const { setErrors, fieldProps } = useFormErrors();
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const fieldErrors = apiFieldErrors(save.error);
  const failure =
    save.error && !fieldErrors.name && !fieldErrors.description ? errorMessage(save.error, t('collections.saveFailed')) : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.reset();
    const body = { name: name.trim(), description: description.trim() };
    const parsed = (collection ? updateCollectionBodySchema : createCollectionBodySchema).safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    try {
      onDone(await save.mutateAsync(body));
    } catch (error) {
      setErrors(apiFieldErrors(error), formRef.current);
    }
  };

  return (
    <Form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField label={t('collections.name')} {...fieldProps('name', name, setName)} isRequired autoFocus />
      <TextField
        label={t('collections.description')}
        description={t('collections.descriptionHelp')}
        multiline
        rows={3}
        {...fieldProps('description', description, setDescription)}
      />
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={collection ? t('collections.save') : t('collections.create')}
        submitting={save.busy}
      />
    </Form>
  );
}

/** DELETE /api/collection/{id} after a confirmation saying the assets stay in their libraries. */
export function DeleteCollectionDialog({
  collection,
  isOpen,
  onOpenChange,
  onDeleted,
}: {
  collection: Collection;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCollection(collection.id);
  return (
    <AppDialog
      title={t('collections.deleteTitle', { name: collection.name })}
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        if (!open) remove.clearFailure();
      }}
      role="alertdialog"
      isDismissable={!remove.busy}
      size="sm"
    >
      <p>{t('collections.deleteText')}</p>
      {remove.failure ? <Alert>{remove.failure}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={t('collections.deleteConfirm')}
        busy={remove.busy}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
      />
    </AppDialog>
  );
}
