import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormSubmit } from '../../lib/forms';
import { FormDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import type { Portal } from './api';

export interface PortalTitleDialogProps<T, R = Portal> {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's texts: its title, the field's hint, the button while idle and while sending, the fallback failure. */
  texts: { title: string; hint: string; submit: string; submitting: string; failed: string };
  initialTitle: string;
  /** The request body for a title, checked with `schema` before `send` sends it. */
  body: (title: string) => unknown;
  schema: ZodType<T>;
  send: (data: T) => Promise<R>;
  onDone?: (result: R) => void;
}

/**
 * A dialog with a title, for creating and for renaming a portal or a document: checked with the shared schema first.
 */
export function PortalTitleDialog<T, R = Portal>({ isOpen, onOpenChange, texts, ...form }: PortalTitleDialogProps<T, R>) {
  return (
    <FormDialog title={texts.title} isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      {(onBusyChange) => (
        <TitleForm
          {...form}
          texts={texts}
          onSubmittingChange={onBusyChange}
          onDone={(result) => {
            onOpenChange(false);
            form.onDone?.(result);
          }}
        />
      )}
    </FormDialog>
  );
}

function TitleForm<T, R>({
  texts,
  initialTitle,
  body,
  schema,
  send,
  onDone,
  onSubmittingChange,
}: Omit<PortalTitleDialogProps<T, R>, 'isOpen' | 'onOpenChange'> & {
  onDone: (result: R) => void;
  onSubmittingChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const { formRef, fieldProps, formError, submitting, submit } = useFormSubmit(onSubmittingChange);
  const [title, setTitle] = useState(initialTitle);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      schema,
      values: body(title),
      send,
      done: onDone,
      refused: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors.title) return { title: fieldErrors.title };
        return errorMessage(error, texts.failed);
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
        description={texts.hint}
      />
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={submitting ? texts.submitting : texts.submit}
        submitting={submitting}
      />
    </Form>
  );
}
