/* ---------- List rules (the toolkit list's add, edit, reorder and remove on a stored array) ---------- */

export type ListRefusal = 'duplicate' | 'missing' | 'full' | 'order';
export type ListResult<T> = { ok: true; list: T[] } | { ok: false; reason: ListRefusal };

/** Appends `entry` unless its key is taken or the list is full. */
export function listAdd<T>(list: readonly T[], entry: T, keyOf: (item: T) => string, max: number): ListResult<T> {
  if (list.some((item) => keyOf(item) === keyOf(entry))) return { ok: false, reason: 'duplicate' };
  if (list.length >= max) return { ok: false, reason: 'full' };
  return { ok: true, list: [...list, entry] };
}

/** Replaces the entry with `key` in place; its new key may not be another entry's. */
export function listReplace<T>(list: readonly T[], key: string, entry: T, keyOf: (item: T) => string): ListResult<T> {
  const index = list.findIndex((item) => keyOf(item) === key);
  if (index === -1) return { ok: false, reason: 'missing' };
  if (list.some((item, i) => i !== index && keyOf(item) === keyOf(entry))) return { ok: false, reason: 'duplicate' };
  return { ok: true, list: list.map((item, i) => (i === index ? entry : item)) };
}

export function listRemove<T>(list: readonly T[], key: string, keyOf: (item: T) => string): ListResult<T> {
  if (!list.some((item) => keyOf(item) === key)) return { ok: false, reason: 'missing' };
  return { ok: true, list: list.filter((item) => keyOf(item) !== key) };
}

/** Puts the entries in the order of `keys`, which must name every entry exactly once. */
export function listReorder<T>(list: readonly T[], keys: readonly string[], keyOf: (item: T) => string): ListResult<T> {
  const byKey = new Map(list.map((item) => [keyOf(item), item]));
  if (keys.length !== list.length || new Set(keys).size !== keys.length || keys.some((k) => !byKey.has(k))) {
    return { ok: false, reason: 'order' };
  }
  return { ok: true, list: keys.map((k) => byKey.get(k) as T) };
}
