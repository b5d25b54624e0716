import type { z } from 'zod';
import { type FieldErrors, ValidationError } from './errors.js';

/** Parses a value with a shared schema; failures become a ValidationError with field messages. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    const message =
      issue.code === 'unrecognized_keys' ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` : issue.message;
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      (errors[key] ??= []).push('Is required');
    } else {
      (errors[key] ??= []).push(message);
    }
  }
  throw new ValidationError(errors);
}
