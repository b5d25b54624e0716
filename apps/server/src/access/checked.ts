import type { IdKind } from '@emblem/core';
import { noteChecked } from './claims.js';

declare const CHECKED: unique symbol;

/**
 * A record whose id the caller named and that the access module checked against what the caller may do to it.
 * Only `seal` (used by the access module alone) makes one, so an operation that needs a `Checked` record cannot
 * be handed a raw id or an unchecked row: that fails to compile.
 */
export type Checked<K extends IdKind, T> = T & { readonly [CHECKED]: K };

/** Marks `value` as checked for the record `kind`/`id` (and the request's id claims as answered). */
export function seal<K extends IdKind, T extends object>(kind: K, id: number | string, value: T): Checked<K, T> {
  noteChecked(kind, id);
  return value as Checked<K, T>;
}
