import type { CreatedItem, CreatePageBody, DeletedItem, PageResponse, PageSummary, UpdatePageBody } from '@emblem/core';
import { type CheckedPage, requireDocument, requirePage } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, ValidationError } from '../../http/errors.js';
import * as cq from './content-queries.js';
import * as dq from './document-queries.js';
import { presentPage, presentPageSummary } from './presenters.js';
import { assertNotReferenced } from './references.js';
import { assertRestorable, freeSlug, givenFields, placeAt, slugGuard, slugOf, staleSave, trashExpiry } from './shared.js';

/* Pages of a guideline document: the cover page (always first, never deleted) and DEFAULT pages. */

const SLUG_TAKEN = 'Another page of this document uses this slug';

/** The page with its headings, sections and blocks (live ones). */
export async function pageContent(db: Db, page: dq.PageRow): Promise<PageResponse> {
  const headings = await dq.headingsOfPages(db, [page.id]);
  const sections = await cq.sectionsOfPages(db, [page.id]);
  const blocks = await cq.blocksOfSections(
    db,
    sections.map((s) => s.id),
  );
  return presentPage(page, headings, sections, blocks);
}

async function summary(db: Db, page: dq.PageRow): Promise<PageSummary> {
  return presentPageSummary(page, await dq.headingsOfPages(db, [page.id]));
}

/** POST /api/document/{id}/pages: a DEFAULT page after the cover (EDIT). */
export async function createPage(db: Db, actor: Actor, documentId: number, input: CreatePageBody): Promise<CreatedItem> {
  return db.transaction(async (tx) => {
    const { document } = await requireDocument(tx, actor, documentId, 'edit');
    let slug: string;
    if (input.slug !== undefined) {
      if (await dq.pageSlugTaken(tx, documentId, input.slug)) throw new ConflictError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
      slug = input.slug;
    } else slug = await freeSlug(tx, 'pages', documentId, slugOf(input.title, 'page'));
    const siblings = await dq.siblingIds(tx, 'pages', documentId);
    const page = await slugGuard(
      () =>
        dq.insertPage(tx, {
          accountId: document.accountId,
          documentId,
          type: 'DEFAULT',
          title: input.title,
          slug,
          position: siblings.length,
        }),
      SLUG_TAKEN,
    );
    // The cover page stays first: new pages go at position 1 or later.
    await dq.writePositions(tx, 'pages', placeAt(siblings, page.id, input.position, 1));
    await dq.touchDocument(tx, documentId);
    await audit(tx, actor, 'page:create', page.id, { document_id: documentId, title: page.title });
    return { id: page.id, slug: page.slug };
  });
}

export async function getPage(db: Db, actor: Actor | null, id: number): Promise<PageResponse> {
  const { page } = await requirePage(db, actor, id, 'view');
  return pageContent(db, page);
}

/** PATCH /api/page/{id}: title, slug (unique in the document), hidden (a draft), position among the pages (EDIT). */
export async function updatePage(db: Db, actor: Actor, id: number, input: UpdatePageBody): Promise<PageSummary> {
  return db.transaction(async (tx) => {
    const { page } = await requirePage(tx, actor, id, 'edit');
    if (page.version !== input.version) staleSave(await summary(tx, page));
    if (page.type === 'COVERPAGE' && input.position !== undefined && input.position !== 0)
      throw new ValidationError({ position: ['The cover page stays first'] });
    if (input.slug !== undefined && (await dq.pageSlugTaken(tx, page.documentId, input.slug, id)))
      throw new ConflictError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    const row = await slugGuard(
      () => dq.updatePage(tx, id, { title: input.title, slug: input.slug, hidden: input.hidden }, { expectVersion: input.version }),
      SLUG_TAKEN,
    );
    if (!row) staleSave(await summary(tx, (await dq.findPage(tx, id)) as dq.PageRow));
    if (input.position !== undefined && page.type !== 'COVERPAGE')
      await dq.writePositions(tx, 'pages', placeAt(await dq.siblingIds(tx, 'pages', page.documentId), id, input.position, 1));
    await dq.touchDocument(tx, page.documentId);
    await audit(tx, actor, 'page:update', id, { document_id: page.documentId, fields: givenFields(input) });
    return summary(tx, (await dq.findPage(tx, id)) as dq.PageRow);
  });
}

/** DELETE /api/page/{id}: to the trash with its content (EDIT), unless live blocks elsewhere link to it and `force` is not set. */
export async function deletePage(db: Db, actor: Actor, id: number, force: boolean): Promise<DeletedItem> {
  return db.transaction(async (tx) => {
    const access = await requirePage(tx, actor, id, 'edit');
    const { page } = access;
    if (page.type === 'COVERPAGE') throw new ConflictError('The cover page cannot be deleted');
    if (!force) await assertNotReferenced(tx, access, { kind: 'page', id });
    const row = (await dq.updatePage(tx, id, { deletedAt: new Date(), deletedBy: actor.userId })) as dq.PageRow;
    await dq.writePositions(tx, 'pages', await dq.siblingIds(tx, 'pages', page.documentId));
    await dq.touchDocument(tx, page.documentId);
    await audit(tx, actor, 'page:delete', id, { document_id: page.documentId, title: page.title, forced: force });
    const deletedAt = row.deletedAt as Date;
    return { id, deleted_at: deletedAt.toISOString(), expires_at: trashExpiry(deletedAt).toISOString() };
  });
}

/** POST /api/page/{id}/restore: back from the trash, at its old place (a new slug if its own was taken since). */
export async function restorePage(db: Db, actor: Actor, id: number): Promise<PageSummary> {
  return db.transaction(async (tx) => {
    const { page }: CheckedPage = await requirePage(tx, actor, id, 'edit', { deleted: true });
    assertRestorable(page.deletedAt, 'page');
    const slug = (await dq.pageSlugTaken(tx, page.documentId, page.slug))
      ? await freeSlug(tx, 'pages', page.documentId, page.slug)
      : page.slug;
    await dq.updatePage(tx, id, { deletedAt: null, deletedBy: null, slug });
    await dq.writePositions(tx, 'pages', placeAt(await dq.siblingIds(tx, 'pages', page.documentId), id, page.position, 1));
    await dq.touchDocument(tx, page.documentId);
    await audit(tx, actor, 'page:restore', id, { document_id: page.documentId });
    return summary(tx, (await dq.findPage(tx, id)) as dq.PageRow);
  });
}
