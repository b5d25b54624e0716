import { createPortalBodySchema } from '@emblem/core';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormSubmit } from '../../lib/forms';
import { FormDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import type { Portal } from './api';
import { useCreatePortal } from './mutations';

/** POST /api/portal with the brand and a title; the title is checked with the shared schema before sending. */
export function CreatePortalDialog({
  brandId,
  isOpen,
  onOpenChange,
  onCreated,
}: {
  brandId: number;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (portal: Portal) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('guidelines.createTitle')} isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      {(onBusyChange) => (
        <CreatePortalForm
          brandId={brandId}
          onSubmittingChange={onBusyChange}
          onDone={(portal) => {
            onOpenChange(false);
            onCreated(portal);
          }}
        />
      )}
    </FormDialog>
  );
}

function CreatePortalForm({
  brandId,
  onDone,
  onSubmittingChange,
}: {
  brandId: number;
  onDone: (portal: Portal) => void;
  onSubmittingChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePortal();
  const { formRef, fieldProps, formError, submitting, submit } = useFormSubmit(onSubmittingChange);
  const [title, setTitle] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      schema: createPortalBodySchema,
      values: { brand_id: brandId, title },
      send: (data) => create.mutateAsync(data),
      done: onDone,
      refused: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors.title) return { title: fieldErrors.title };
        return errorMessage(error, t('guidelines.createFailed'));
      },
    });

  return (
    <Form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        label={t('guidelines.portalTitle')}
        {...fieldProps('title', title, setTitle)}
        isRequired
        autoFocus
        maxLength={200}
        description={t('guidelines.createHint')}
      />
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={submitting ? t('guidelines.createSubmitting') : t('guidelines.createSubmit')}
        submitting={submitting}
      />
    </Form>
  );
}
