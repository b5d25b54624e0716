import { updatePortalBodySchema } from '@emblem/core';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormSubmit } from '../../lib/forms';
import { FormDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import type { Portal } from './api';
import { useUpdatePortal } from './mutations';

/** PATCH /api/portal/{id} with a new title, checked with the shared schema before sending. */
export function RenamePortalDialog({
  portal,
  isOpen,
  onOpenChange,
}: {
  portal: Portal;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('guidelines.renameTitle')} isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      {(onBusyChange) => <RenameForm portal={portal} onSubmittingChange={onBusyChange} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function RenameForm({
  portal,
  onDone,
  onSubmittingChange,
}: {
  portal: Portal;
  onDone: () => void;
  onSubmittingChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdatePortal(portal);
  const { formRef, fieldProps, formError, submitting, submit } = useFormSubmit(onSubmittingChange);
  const [title, setTitle] = useState(portal.title);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      schema: updatePortalBodySchema,
      values: { title },
      send: (data) => update.mutateAsync(data),
      done: onDone,
      refused: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors.title) return { title: fieldErrors.title };
        return errorMessage(error, t('guidelines.saveFailed'));
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
        description={t('guidelines.portalTitleHint')}
      />
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={submitting ? t('guidelines.renameSubmitting') : t('guidelines.renameSubmit')}
        submitting={submitting}
      />
    </Form>
  );
}
