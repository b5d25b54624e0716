import { MAX_BLOCKED_EXTENSIONS, normaliseExtension } from '@emblem/core';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError } from '../../http/errors.js';
import { type ListRules, type ListStore, toolkitList } from '../../lib/toolkit-list.js';
import { presentAccount } from './operations.js';
import { accountPolicy } from './policy.js';
import * as q from './queries.js';

/**
 * Account settings (issue 4): the account's name and its blocked extensions, for admins. The list endpoints
 * follow the toolkit list of docs/api.md; the whole list can also be replaced with PATCH /api/account.
 */

/** The toolkit list entry of a blocked extension: its id, label and value are the extension. */
const extensionEntry = (extension: string) => ({ id: extension, label: extension, value: extension });

/** A list of blocked extensions (the account's, a project's), keyed by the normalised extension. */
export function blockedExtensionRules(words: { duplicate: string; missing: string }): ListRules<string, ReturnType<typeof extensionEntry>> {
  return {
    keyOf: (extension) => extension,
    keyOfId: normaliseExtension,
    max: MAX_BLOCKED_EXTENSIONS,
    words: { field: 'extension.label', ...words, full: `At most ${MAX_BLOCKED_EXTENSIONS} extensions can be blocked` },
    entry: extensionEntry,
  };
}

const BLOCKED_RULES = blockedExtensionRules({
  duplicate: 'This extension is already blocked',
  missing: 'This extension is not blocked',
});

/** Writes the account's settings and records the `account:update` event naming `fields`, in the caller's transaction. */
async function saveAccount(tx: Db, actor: Actor, values: { name?: string; blockedExtensions?: string[] }, fields: string[]) {
  const row = await q.updateAccountSettings(tx, actor.accountId, values);
  if (!row) throw new NotFoundError();
  await audit(tx, actor, 'account:update', actor.accountId, { fields });
  return row;
}

/** PATCH /api/account: name and/or the whole blocked list (already normalised by the schema). */
export async function updateAccount(db: Db, actor: Actor, input: { name?: string; blocked_extensions?: string[] }) {
  accountPolicy.assertManage(actor);
  const fields = Object.keys(input).filter((k) => k !== 'i18n' && input[k as keyof typeof input] !== undefined);
  return db.transaction(async (tx) => {
    const row = await saveAccount(tx, actor, { name: input.name, blockedExtensions: input.blocked_extensions }, fields);
    return presentAccount(row, actor.role);
  });
}

/** One edit of the blocked list, in one transaction with the row locked, recorded as an event. */
function storeBlocked(db: Db, actor: Actor): ListStore<string, { blocked_extensions: string[] }> {
  return async (edit) => {
    accountPolicy.assertManage(actor);
    return db.transaction(async (tx) => {
      const account = await q.lockAccount(tx, actor.accountId);
      if (!account) throw new NotFoundError();
      const row = await saveAccount(tx, actor, { blockedExtensions: edit(account.blockedExtensions) }, ['blocked_extensions']);
      return { blocked_extensions: row.blockedExtensions };
    });
  };
}

/** The account's blocked extensions as a toolkit list (admins): add, replace, remove, reorder. */
export function blockedExtensions(db: Db, actor: Actor) {
  return toolkitList(BLOCKED_RULES, storeBlocked(db, actor));
}
