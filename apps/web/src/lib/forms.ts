import { useCallback, useState } from 'react';
import type { ZodError } from 'zod';
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
