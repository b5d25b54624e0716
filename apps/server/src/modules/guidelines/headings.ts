import type { CreatedItem, CreateHeadingBody, DeletedItem, PageHeading, UpdateHeadingBody } from '@emblem/core';
import { type CheckedHeading, type CheckedPage, requireHeading, requirePage, requireSection } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, ValidationError } from '../../http/errors.js';
import { findSection } from './content-queries.js';
import * as dq from './document-queries.js';
import { presentHeading } from './presenters.js';
import { assertRestorable, freeSlug, givenFields, placeAt, slugOf, staleSave, trashExpiry } from './shared.js';

/* Page headings (data-api.md §3): entries of a page's navigation, each pointing at a section of the page or none. */

/** The section a heading points at: a live section of the same page, or 400. */
async function sectionOfPage(
  tx: Db,
  actor: Actor,
  page: CheckedPage | CheckedHeading,
  sectionId: number | null | undefined,
): Promise<number | null> {
  if (sectionId === null || sectionId === undefined) return null;
  const { section } = await requireSection(tx, actor, sectionId, 'view');
  if (section.pageId !== page.page.id) throw new ValidationError({ section_id: ['Must be a section of this page'] });
  return section.id;
}

/** POST /api/page/{id}/headings (EDIT). */
export async function createHeading(db: Db, actor: Actor, pageId: number, input: CreateHeadingBody): Promise<CreatedItem> {
  return db.transaction(async (tx) => {
    const page = await requirePage(tx, actor, pageId, 'edit');
    const sectionId = await sectionOfPage(tx, actor, page, input.section_id);
    const slug = await freeSlug(tx, 'headings', pageId, slugOf(input.title, 'heading'));
    const siblings = await dq.siblingIds(tx, 'headings', pageId);
    const heading = await dq.insertHeading(tx, {
      accountId: page.document.accountId,
      pageId,
      sectionId,
      title: input.title,
      slug,
      position: siblings.length,
    });
    await dq.writePositions(tx, 'headings', placeAt(siblings, heading.id, input.position));
    await dq.touchDocument(tx, page.page.documentId);
    await audit(tx, actor, 'heading:create', heading.id, { document_id: page.page.documentId, page_id: pageId });
    return { id: heading.id, slug: heading.slug };
  });
}

async function present(tx: Db, documentId: number, id: number): Promise<PageHeading> {
  return presentHeading(documentId, (await dq.findHeading(tx, id)) as dq.HeadingRow);
}

/** PATCH /api/heading/{id}: title (a new slug with it), section, position (EDIT). */
export async function updateHeading(db: Db, actor: Actor, id: number, input: UpdateHeadingBody): Promise<PageHeading> {
  return db.transaction(async (tx) => {
    const access = await requireHeading(tx, actor, id, 'edit');
    const { heading, page } = access;
    if (heading.version !== input.version) staleSave(presentHeading(page.documentId, heading));
    const sectionId = input.section_id === undefined ? undefined : await sectionOfPage(tx, actor, access, input.section_id);
    const slug =
      input.title !== undefined && input.title !== heading.title
        ? await freeSlug(tx, 'headings', page.id, slugOf(input.title, 'heading'))
        : undefined;
    const row = await dq.updateHeading(tx, id, { title: input.title, slug, sectionId }, { expectVersion: input.version });
    if (!row) staleSave(await present(tx, page.documentId, id));
    if (input.position !== undefined)
      await dq.writePositions(tx, 'headings', placeAt(await dq.siblingIds(tx, 'headings', page.id), id, input.position));
    await dq.touchDocument(tx, page.documentId);
    await audit(tx, actor, 'heading:update', id, { document_id: page.documentId, fields: givenFields(input) });
    return present(tx, page.documentId, id);
  });
}

/** DELETE /api/heading/{id}: to the trash (EDIT). Nothing links to a heading, so there is no "still referenced". */
export async function deleteHeading(db: Db, actor: Actor, id: number): Promise<DeletedItem> {
  return db.transaction(async (tx) => {
    const { page } = await requireHeading(tx, actor, id, 'edit');
    const row = (await dq.updateHeading(tx, id, { deletedAt: new Date(), deletedBy: actor.userId })) as dq.HeadingRow;
    await dq.writePositions(tx, 'headings', await dq.siblingIds(tx, 'headings', page.id));
    await dq.touchDocument(tx, page.documentId);
    await audit(tx, actor, 'heading:delete', id, { document_id: page.documentId });
    const deletedAt = row.deletedAt as Date;
    return { id, deleted_at: deletedAt.toISOString(), expires_at: trashExpiry(deletedAt).toISOString() };
  });
}

/** POST /api/heading/{id}/restore (EDIT): its page must be live. */
export async function restoreHeading(db: Db, actor: Actor, id: number): Promise<PageHeading> {
  return db.transaction(async (tx) => {
    const { heading, page } = await requireHeading(tx, actor, id, 'edit', { deleted: true });
    assertRestorable(heading.deletedAt, 'heading');
    if (page.deletedAt) throw new ConflictError('Its page is in the trash: restore the page first');
    // A section it pointed at that is gone (purged) is dropped; one in the trash is kept for when it comes back.
    const section = heading.sectionId === null ? null : await findSection(tx, heading.sectionId);
    const sectionId = section && section.pageId === page.id ? section.id : null;
    await dq.updateHeading(tx, id, { deletedAt: null, deletedBy: null, sectionId });
    await dq.writePositions(tx, 'headings', placeAt(await dq.siblingIds(tx, 'headings', page.id), id, heading.position));
    await dq.touchDocument(tx, page.documentId);
    await audit(tx, actor, 'heading:restore', id, { document_id: page.documentId });
    return present(tx, page.documentId, id);
  });
}
