import { createGroupBodySchema } from '@emblem/core';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormSubmit } from '../../lib/forms';
import { FormDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import type { UserGroup } from './api';
import { useCreateGroup } from './mutations';

/** POST /api/groups: a name (unique in the account, case-insensitively); a taken name is shown at the field. */
export function CreateGroupDialog({
  isOpen,
  onOpenChange,
  onCreated,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (group: UserGroup) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('groups.createTitle')} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(onBusyChange) => <CreateGroupForm onBusyChange={onBusyChange} onCreated={onCreated} />}
    </FormDialog>
  );
}

function CreateGroupForm({ onBusyChange, onCreated }: { onBusyChange: (busy: boolean) => void; onCreated: (group: UserGroup) => void }) {
  const { t } = useTranslation();
  const create = useCreateGroup();
  const { formRef, fieldProps, formError, submitting, submit } = useFormSubmit(onBusyChange);
  const [name, setName] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      schema: createGroupBodySchema,
      values: { name },
      send: (data) => create.mutateAsync(data.name),
      done: onCreated,
      refused: (error) => {
        // 409 names the field: another group of the account has this name.
        if (error instanceof ApiError && error.status === 409) return { name: t('groups.nameTaken') };
        const fieldErrors = apiFieldErrors(error);
        return Object.keys(fieldErrors).length > 0 ? fieldErrors : errorMessage(error, t('groups.createFailed'));
      },
    });

  return (
    <Form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
      <p>{t('groups.createText')}</p>
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField label={t('groups.name')} {...fieldProps('name', name, setName)} isRequired autoFocus autoComplete="off" />
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={submitting ? t('groups.creating') : t('groups.create')}
        submitting={submitting}
      />
    </Form>
  );
}
