import type { IdKind } from '@emblem/core';
import { NotFoundError } from '../http/errors.js';
import { type Checked, seal } from './checked.js';

/** Kinds whose lookup is scoped to the caller in the query itself, so finding the record is the check. */
type ScopedKind = Extract<IdKind, 'session' | 'token' | 'user' | 'access_request'>;

/**
 * For records a module finds with the caller in the WHERE clause: the caller's own sessions and API tokens
 * (`user_id = caller`), users and access requests of the caller's account (`account_id = caller's`). `row` is
 * that lookup's answer (a row, or whether a scoped write touched one); none is 404.
 */
export function requireScoped<K extends ScopedKind, T extends object>(kind: K, id: number, row: T | null | undefined): Checked<K, T>;
export function requireScoped<K extends ScopedKind>(kind: K, id: number, row: boolean): void;
export function requireScoped<K extends ScopedKind, T extends object>(kind: K, id: number, row: T | boolean | null | undefined) {
  const found = typeof row === 'object' && row !== null ? row : row === true ? {} : null;
  if (!found) {
    seal(kind, id, {});
    throw new NotFoundError();
  }
  return seal(kind, id, found);
}
