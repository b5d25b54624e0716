import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { ZodError, ZodType } from 'zod';
import { ApiError } from './api';

/**
 * Field errors for forms: from the shared zod schema before sending, from the server's envelope after.
 * Messages come from the shared schemas (packages/core), the same words the server answers with.
 */
export type FormErrors = Record<string, string>;

export function zodFieldErrors(error: ZodError): FormErrors {
  const result: FormErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in result)) result[field] = issue.message;
  }
  return result;
}

export function apiFieldErrors(error: unknown): FormErrors {
  const result: FormErrors = {};
  if (!(error instanceof ApiError)) return result;
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (first) result[field] = first;
  }
  return result;
}

/** Field errors plus the first invalid field getting focus, so keyboard and screen-reader users land on it. */
export function useFormErrors() {
  const [errors, setErrorsState] = useState<FormErrors>({});
  const setErrors = useCallback((next: FormErrors, form?: HTMLFormElement | null) => {
    setErrorsState(next);
    if (form && Object.keys(next).length > 0) {
      // After React has rendered aria-invalid on the fields.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    }
  }, []);
  const clearError = useCallback((field: string) => {
    setErrorsState((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }, []);
  /** A text field's name, value and errorMessage, and an onChange that also clears the field's error. */
  const fieldProps = (name: string, value: string, setValue: (value: string) => void) => ({
    name,
    value,
    onChange: (next: string) => {
      setValue(next);
      clearError(name);
    },
    errorMessage: errors[name],
  });
  return { errors, setErrors, clearError, fieldProps };
}

/**
 * The submit flow of a form in a dialog: the values are checked with the shared schema first (field errors, the
 * first invalid field focused), then sent; while sending the form and its dialog are busy (`onBusyChange`). What
 * the server refuses becomes field errors or a message above the form, as `refused` says.
 */
export function useFormSubmit(onBusyChange: (busy: boolean) => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const formErrors = useFormErrors();
  const { setErrors } = formErrors;
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const setBusy = (value: boolean) => {
    setSubmitting(value);
    onBusyChange(value);
  };

  const submit = async <T, R>(
    event: FormEvent<HTMLFormElement>,
    options: {
      schema: ZodType<T>;
      values: unknown;
      send: (data: T) => Promise<R>;
      done: (result: R) => void;
      /** Field errors, or a message for the whole form. */
      refused: (error: unknown) => FormErrors | string;
    },
  ) => {
    event.preventDefault();
    setFormError(null);
    const parsed = options.schema.safeParse(options.values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    setBusy(true);
    let result: R;
    try {
      result = await options.send(parsed.data);
    } catch (error) {
      setBusy(false);
      const refusal = options.refused(error);
      if (typeof refusal === 'string') setFormError(refusal);
      else setErrors(refusal, formRef.current);
      return;
    }
    setBusy(false);
    options.done(result);
  };

  return { ...formErrors, formRef, formError, submitting, submit };
}
