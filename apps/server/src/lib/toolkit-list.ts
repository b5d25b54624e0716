import { type ListRefusal, type ListResult, listAdd, listRemove, listReorder, listReplace } from '@emblem/core';
import { type AppError, ConflictError, NotFoundError, ValidationError } from '../http/errors.js';

/**
 * The toolkit list endpoints (docs/api.md) over one stored list: POST {api} adds an entry,
 * PUT {api}/{id} replaces one, DELETE {api}/{id} removes one, PUT {api}/position reorders them all.
 */

/** How the refusals of one list are worded; `field` is where an added entry's refusal goes (`extension.label`…). */
export interface ListWords {
  field: string;
  duplicate: string;
  missing: string;
  full: string;
}

/** The refusal of a list edit, worded for one list. */
export function listRefusal(reason: ListRefusal, words: ListWords): AppError {
  switch (reason) {
    case 'duplicate':
      return new ConflictError(words.duplicate, { [words.field]: [words.duplicate] });
    case 'missing':
      return new NotFoundError(words.missing);
    case 'full':
      return new ValidationError({ [words.field]: [words.full] });
    case 'order':
      return new ValidationError({ items: ['Must name every entry exactly once'] });
  }
}

/**
 * PUT {api}/position reorders a toolkit list; an entry that is itself called "position" is edited with a body
 * that has a label and no items, so both stay possible.
 */
export function isReorder(id: string, body: unknown): boolean {
  if (id !== 'position') return false;
  return !(typeof body === 'object' && body !== null && 'label' in body && !('items' in body));
}

/** What a list is made of: how its entries are keyed, how many it holds, how refusals read. */
export interface ListRules<T, Entry> {
  /** The key of a stored entry; no two entries share one. */
  keyOf: (item: T) => string;
  /** The key that an id in the path names. */
  keyOfId: (id: string) => string;
  max: number;
  words: ListWords;
  /** The toolkit entry a POST or PUT answers as `savedEntry`. */
  entry: (item: T) => Entry;
}

/**
 * Applies one edit of the stored list where the list lives (its owner's transaction, row locked, the event
 * recorded) and answers the endpoint's data. `edit` throws the refusal when the edit is not possible.
 */
export type ListStore<T, Data> = (edit: (list: T[]) => T[]) => Promise<Data>;

/** The four edits of one list, each applied through `store`. */
export function toolkitList<T, Entry, Data>(rules: ListRules<T, Entry>, store: ListStore<T, Data>) {
  // A PUT body is the entry itself, so its refusals name `label`; a POST body wraps it (`words.field`).
  const applied = (result: ListResult<T>, field = rules.words.field) => {
    if (!result.ok) throw listRefusal(result.reason, { ...rules.words, field });
    return result.list;
  };
  return {
    async add(item: T) {
      const data = await store((list) => applied(listAdd(list, item, rules.keyOf, rules.max)));
      return { data, savedEntry: rules.entry(item) };
    },
    async replace(id: string, item: T) {
      const data = await store((list) => applied(listReplace(list, rules.keyOfId(id), item, rules.keyOf), 'label'));
      return { data, savedEntry: rules.entry(item) };
    },
    remove(id: string) {
      return store((list) => applied(listRemove(list, rules.keyOfId(id), rules.keyOf)));
    },
    reorder(ids: string[]) {
      return store((list) => applied(listReorder(list, ids.map(rules.keyOfId), rules.keyOf)));
    },
  };
}
