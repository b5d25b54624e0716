import { createGroupBodySchema } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { AppDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { createGroup, groupKeys, type UserGroup } from './api';

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
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog title={t('groups.createTitle')} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!busy}>
      <CreateGroupForm onBusyChange={setBusy} onCreated={onCreated} />
    </AppDialog>
  );
}

function CreateGroupForm({ onBusyChange, onCreated }: { onBusyChange: (busy: boolean) => void; onCreated: (group: UserGroup) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const { setErrors, fieldProps } = useFormErrors();
  const [name, setName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const setBusy = (value: boolean) => {
    setSubmitting(value);
    onBusyChange(value);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createGroupBodySchema.safeParse({ name });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    setBusy(true);
    try {
      const group = await createGroup(parsed.data.name);
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
      setBusy(false);
      onCreated(group);
    } catch (error) {
      setBusy(false);
      const fieldErrors = apiFieldErrors(error);
      // 409 names the field: another group of the account has this name.
      if (error instanceof ApiError && error.status === 409) setErrors({ name: t('groups.nameTaken') }, formRef.current);
      else if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors, formRef.current);
      else setFormError(errorMessage(error, t('groups.createFailed')));
    }
  };

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
