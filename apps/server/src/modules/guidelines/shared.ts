import { slugify } from '@emblem/core';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import * as dq from './document-queries.js';
import { writeRevision } from './revision-queries.js';

/* What the operations on documents, pages, headings, sections and blocks share. */

/** Items stay in the trash this long; then the daily purge removes them and they can no longer be restored. */
export const TRASH_DAYS = 30;
export const TRASH_MS = TRASH_DAYS * 86_400_000;
export const trashExpiry = (deletedAt: Date) => new Date(deletedAt.getTime() + TRASH_MS);

/** Refuses a restore of an item that is not in the trash, or stayed there too long. */
export function assertRestorable(deletedAt: Date | null, what: string): void {
  if (deletedAt === null) throw new ConflictError(`This ${what} is not in the trash`);
  if (trashExpiry(deletedAt).getTime() < Date.now())
    throw new ConflictError(`This ${what} was deleted more than ${TRASH_DAYS} days ago and cannot be restored`);
}

/** A slug from a title ("Logo & colours" → "logo-colours"), or `fallback` when the title has no letter or digit. */
export function slugOf(title: string, fallback: string): string {
  const plain = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return /[a-z0-9]/i.test(plain) ? slugify(title) : fallback;
}

/** `base`, else `base-2`, `base-3`… : the first that no live sibling of the scope uses. */
export async function freeSlug(db: Db, table: 'documents' | 'pages' | 'headings', scopeId: number, base: string): Promise<string> {
  const taken = await dq.slugsLike(db, table, scopeId, base);
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? base : `${base.slice(0, 75)}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A save that started from an older version than the stored one: 409 with the item's current JSON. */
export function staleSave(current: unknown): never {
  throw new ConflictError(
    'Someone else changed this since you opened it',
    { version: ['Is not the current version; reload to see the changes'] },
    { current },
  );
}

/** Turns a unique violation of a slug index (a concurrent save took it) into 409 with `errors.slug`. */
export async function slugGuard<T>(write: () => Promise<T>, message = 'This slug is already used'): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(message, { slug: [message] });
    throw e;
  }
}

/** `ids` with `id` moved (or inserted) at `position`, clamped to the list and not before `min`. */
export function placeAt(ids: number[], id: number, position: number | undefined, min = 0): number[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(min, Math.min(position ?? rest.length, rest.length));
  rest.splice(at, 0, id);
  return rest;
}

/** Which fields of a request were given (for events). */
export const givenFields = (input: Record<string, unknown>) =>
  Object.entries(input)
    .filter(([k, v]) => k !== 'version' && v !== undefined)
    .map(([k]) => k);

/**
 * After a change of the content of pages (sections, blocks): the document's content version goes up (the reader's
 * cache key) and each page gets a revision of its new content with `summary`, all in the caller's transaction.
 */
export async function contentChanged(
  tx: Db,
  actor: Actor,
  change: { accountId: number; documentId: number; pageIds: number[]; summary: string },
): Promise<void> {
  await dq.touchDocument(tx, change.documentId);
  for (const pageId of new Set(change.pageIds)) {
    await dq.touchPage(tx, pageId);
    await writeRevision(tx, { accountId: change.accountId, pageId, summary: change.summary, createdBy: actor.userId });
  }
}
