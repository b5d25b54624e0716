import {
  type ListRefusal,
  type ListResult,
  listAdd,
  listRemove,
  listReorder,
  listReplace,
  MAX_BLOCKED_EXTENSIONS,
  normaliseExtension,
} from '@emblem/core';
import type { Db } from '../../db/client.js';
import { recordEvent } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { type AppError, ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { presentAccount } from './operations.js';
import { accountPolicy } from './policy.js';
import * as q from './queries.js';

/**
 * Account settings (issue 4 §4): the account's name and its blocked extensions, for admins. The list endpoints
 * follow the toolkit list (settings-toolkit.md §7); the whole list can also be replaced with PATCH /api/account.
 */

/** The refusal of a list edit, worded for one list. */
export function listRefusal(reason: ListRefusal, words: { field: string; duplicate: string; missing: string; full: string }): AppError {
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

const EXTENSION_WORDS = {
  field: 'extension.label',
  duplicate: 'This extension is already blocked',
  missing: 'This extension is not blocked',
  full: `At most ${MAX_BLOCKED_EXTENSIONS} extensions can be blocked`,
};

/** The toolkit list entry of a blocked extension: its id, label and value are the extension. */
export const extensionEntry = (extension: string) => ({ id: extension, label: extension, value: extension });

/** PATCH /api/account: name and/or the whole blocked list (already normalised by the schema). */
export async function updateAccount(db: Db, actor: Actor, input: { name?: string; blocked_extensions?: string[] }) {
  accountPolicy.assertManage(actor);
  return db.transaction(async (tx) => {
    const row = await q.updateAccountSettings(tx, actor.accountId, { name: input.name, blockedExtensions: input.blocked_extensions });
    if (!row) throw new NotFoundError();
    await recordEvent(tx, {
      accountId: actor.accountId,
      actorId: actor.userId,
      type: 'account:update',
      subjectType: 'account',
      subjectId: actor.accountId,
      data: { fields: Object.keys(input).filter((k) => k !== 'i18n' && input[k as keyof typeof input] !== undefined) },
    });
    return presentAccount(row, actor.role);
  });
}

/** One edit of the blocked list, in one transaction with the row locked, recorded as an event. */
/** `field`: where a refusal's message goes (`extension.label` for POST, `label` for PUT; the bodies differ). */
async function changeBlocked(db: Db, actor: Actor, change: (list: string[]) => ListResult<string>, field = EXTENSION_WORDS.field) {
  accountPolicy.assertManage(actor);
  return db.transaction(async (tx) => {
    const account = await q.lockAccount(tx, actor.accountId);
    if (!account) throw new NotFoundError();
    const result = change(account.blockedExtensions);
    if (!result.ok) throw listRefusal(result.reason, { ...EXTENSION_WORDS, field });
    const row = await q.updateAccountSettings(tx, account.id, { blockedExtensions: result.list });
    if (!row) throw new NotFoundError();
    await recordEvent(tx, {
      accountId: account.id,
      actorId: actor.userId,
      type: 'account:update',
      subjectType: 'account',
      subjectId: account.id,
      data: { fields: ['blocked_extensions'] },
    });
    return { blocked_extensions: row.blockedExtensions };
  });
}

const same = (ext: string) => ext;

export async function addBlockedExtension(db: Db, actor: Actor, extension: string) {
  const data = await changeBlocked(db, actor, (list) => listAdd(list, extension, same, MAX_BLOCKED_EXTENSIONS));
  return { data, savedEntry: extensionEntry(extension) };
}

export async function replaceBlockedExtension(db: Db, actor: Actor, current: string, extension: string) {
  const data = await changeBlocked(db, actor, (list) => listReplace(list, normaliseExtension(current), extension, same), 'label');
  return { data, savedEntry: extensionEntry(extension) };
}

export function removeBlockedExtension(db: Db, actor: Actor, extension: string) {
  return changeBlocked(db, actor, (list) => listRemove(list, normaliseExtension(extension), same));
}

export function reorderBlockedExtensions(db: Db, actor: Actor, items: string[]) {
  return changeBlocked(db, actor, (list) => listReorder(list, items.map(normaliseExtension), same));
}
