import { createBrandBodySchema } from '@emblem/core';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormSubmit } from '../../lib/forms';
import { useAppNavigate } from '../../lib/navigation';
import { FormDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { useCreateBrand } from '../brands/mutations';

/** POST /api/brand (admins). Errors appear at the name field; on success the new brand opens. */
export function CreateBrandDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('createBrand.title')} isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      {(onBusyChange) => <CreateBrandForm onDone={() => onOpenChange(false)} onSubmittingChange={onBusyChange} />}
    </FormDialog>
  );
}

function CreateBrandForm({ onDone, onSubmittingChange }: { onDone: () => void; onSubmittingChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  const create = useCreateBrand();
  const navigate = useAppNavigate();
  const { formRef, fieldProps, formError, submitting, submit } = useFormSubmit(onSubmittingChange);
  const [name, setName] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      schema: createBrandBodySchema,
      values: { name },
      send: (data) => create.mutateAsync(data),
      done: (brand) => {
        onDone();
        navigate(`/brands/${brand.id}`);
      },
      refused: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors.name) return { name: fieldErrors.name };
        // A conflict (e.g. the name is taken) is about the name, so it is shown there too.
        if (error instanceof ApiError && error.status === 409 && error.error) return { name: error.error };
        return errorMessage(error, t('createBrand.failed'));
      },
    });

  return (
    <Form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        label={t('createBrand.name')}
        {...fieldProps('name', name, setName)}
        isRequired
        autoFocus
        description={t('createBrand.nameHint')}
      />
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={submitting ? t('createBrand.submitting') : t('createBrand.submit')}
        submitting={submitting}
      />
    </Form>
  );
}
