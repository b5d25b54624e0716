import { createBrandBodySchema } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { useAppNavigate } from '../../lib/navigation';
import { AppDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { brandKeys, brandQuery, createBrand } from '../brands/api';

/** POST /api/brand (admins). Errors appear at the name field; on success the new brand opens. */
export function CreateBrandDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  return (
    <AppDialog title={t('createBrand.title')} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!submitting} size="sm">
      <CreateBrandForm onDone={() => onOpenChange(false)} onSubmittingChange={setSubmitting} />
    </AppDialog>
  );
}

function CreateBrandForm({ onDone, onSubmittingChange }: { onDone: () => void; onSubmittingChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { setErrors, fieldProps } = useFormErrors();
  const [name, setName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const setBusy = (value: boolean) => {
    setSubmitting(value);
    onSubmittingChange(value);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createBrandBodySchema.safeParse({ name });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    setBusy(true);
    try {
      const brand = await createBrand(parsed.data);
      queryClient.setQueryData(brandQuery(brand.id).queryKey, brand);
      await queryClient.invalidateQueries({ queryKey: brandKeys.list() });
      setBusy(false);
      onDone();
      navigate(`/brands/${brand.id}`);
    } catch (error) {
      setBusy(false);
      const fieldErrors = apiFieldErrors(error);
      if (fieldErrors.name) setErrors({ name: fieldErrors.name }, formRef.current);
      // A conflict (e.g. the name is taken) is about the name, so it is shown there too.
      else if (error instanceof ApiError && error.status === 409 && error.error) setErrors({ name: error.error }, formRef.current);
      else setFormError(errorMessage(error, t('createBrand.failed')));
    }
  };

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
