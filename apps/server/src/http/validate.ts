import type { z } from 'zod';
import { type FieldErrors, ValidationError } from './errors.js';

/** Parses a value with a shared schema; failures become a ValidationError with field messages. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') message = `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    else if (issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined) message = 'Is required';
    errors[key] ??= [];
    errors[key].push(message);
  }
  throw new ValidationError(errors);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
