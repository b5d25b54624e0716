import type { CreatedItem, CreateSectionBody, DeletedItem, MoveSectionBody, SectionResponse, UpdateSectionBody } from '@emblem/core';
import { requirePage, requireSection } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import * as cq from './content-queries.js';
import * as dq from './document-queries.js';
import { presentSection, sectionLabel } from './presenters.js';
import { assertNotReferenced } from './references.js';
import { assertRestorable, contentChanged, givenFields, placeAt, staleSave, trashExpiry } from './shared.js';

/* Sections of a page: a column layout holding blocks; sections sharing a group id show as tabs. */

async function present(tx: Db, id: number): Promise<SectionResponse> {
  const section = (await cq.findSection(tx, id)) as cq.SectionRow;
  return presentSection(section, await cq.blocksOfSections(tx, [id]));
}

/** POST /api/page/{id}/sections (EDIT). */
export async function createSection(db: Db, actor: Actor, pageId: number, input: CreateSectionBody): Promise<CreatedItem> {
  return db.transaction(async (tx) => {
    const { page, document } = await requirePage(tx, actor, pageId, 'edit');
    const siblings = await dq.siblingIds(tx, 'sections', pageId);
    const section = await cq.insertSection(tx, {
      accountId: document.accountId,
      pageId,
      columnProportions: input.column_proportions,
      groupId: input.group_id ?? null,
      tabTitle: input.tab_title ?? null,
      position: siblings.length,
    });
    await dq.writePositions(tx, 'sections', placeAt(siblings, section.id, input.position));
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [pageId],
      summary: 'Added a section',
    });
    await audit(tx, actor, 'section:create', section.id, { document_id: page.documentId, page_id: pageId });
    return { id: section.id };
  });
}

/**
 * PATCH /api/section/{id}: layout, tab group and tab title (EDIT). With fewer columns, the blocks of the columns
 * that go are appended, in order, to the new last column.
 */
export async function updateSection(db: Db, actor: Actor, id: number, input: UpdateSectionBody): Promise<SectionResponse> {
  return db.transaction(async (tx) => {
    const { section, page, document } = await requireSection(tx, actor, id, 'edit');
    if (section.version !== input.version) staleSave(await present(tx, id));
    const row = await cq.updateSection(
      tx,
      id,
      { columnProportions: input.column_proportions, groupId: input.group_id, tabTitle: input.tab_title },
      { expectVersion: input.version },
    );
    if (!row) staleSave(await present(tx, id));
    const columns = row.columnProportions.length;
    if (input.column_proportions !== undefined && (await cq.lastUsedColumn(tx, id)) >= columns) {
      const last = columns - 1;
      const moved: number[] = [];
      for (let c = columns; c < 4; c++) moved.push(...(await cq.blockIdsOfColumn(tx, id, c)));
      for (const blockId of moved) await cq.updateBlock(tx, blockId, { column: last });
      await dq.writePositions(tx, 'blocks', [...(await cq.blockIdsOfColumn(tx, id, last)).filter((b) => !moved.includes(b)), ...moved]);
    }
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [page.id],
      summary: 'Changed a section',
    });
    await audit(tx, actor, 'section:update', id, { document_id: page.documentId, fields: givenFields(input) });
    return present(tx, id);
  });
}

/** POST /api/section/{id}/move: to a position on a page of the same document (EDIT on it). */
export async function moveSection(db: Db, actor: Actor, id: number, input: MoveSectionBody): Promise<SectionResponse> {
  return db.transaction(async (tx) => {
    const { page, document } = await requireSection(tx, actor, id, 'edit');
    const target = await requirePage(tx, actor, input.page_id, 'edit');
    if (target.page.documentId !== page.documentId)
      throw new ValidationError({ page_id: ['Sections move only between pages of their document'] });
    if (target.page.id !== page.id) {
      await cq.updateSection(tx, id, { pageId: target.page.id });
      // Headings of the old page that pointed at the section point at nothing now.
      await dq.detachHeadings(tx, page.id, id);
      await dq.writePositions(tx, 'sections', await dq.siblingIds(tx, 'sections', page.id));
    }
    await dq.writePositions(tx, 'sections', placeAt(await dq.siblingIds(tx, 'sections', target.page.id), id, input.position));
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [page.id, target.page.id],
      summary: target.page.id === page.id ? 'Moved a section' : 'Moved a section between pages',
    });
    await audit(tx, actor, 'section:move', id, { document_id: page.documentId, from_page_id: page.id, page_id: target.page.id });
    return present(tx, id);
  });
}

/** DELETE /api/section/{id}: to the trash with its blocks (EDIT), unless live blocks elsewhere link to it and `force` is not set. */
export async function deleteSection(db: Db, actor: Actor, id: number, force: boolean): Promise<DeletedItem> {
  return db.transaction(async (tx) => {
    const access = await requireSection(tx, actor, id, 'edit');
    const { page, document } = access;
    if (!force) await assertNotReferenced(tx, access, { kind: 'section', id });
    const row = (await cq.updateSection(tx, id, { deletedAt: new Date(), deletedBy: actor.userId })) as cq.SectionRow;
    await dq.writePositions(tx, 'sections', await dq.siblingIds(tx, 'sections', page.id));
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [page.id],
      summary: `Deleted a ${sectionLabel(row).toLowerCase()}`,
    });
    await audit(tx, actor, 'section:delete', id, { document_id: page.documentId, forced: force });
    const deletedAt = row.deletedAt as Date;
    return { id, deleted_at: deletedAt.toISOString(), expires_at: trashExpiry(deletedAt).toISOString() };
  });
}

/** POST /api/section/{id}/restore (EDIT): back at its place on its page, which must not be in the trash. */
export async function restoreSection(db: Db, actor: Actor, id: number): Promise<SectionResponse> {
  return db.transaction(async (tx) => {
    const { section, page, document } = await requireSection(tx, actor, id, 'edit', { deleted: true });
    assertRestorable(section.deletedAt, 'section');
    if (page.deletedAt) throw new ConflictError('Its page is in the trash: restore the page first');
    await cq.updateSection(tx, id, { deletedAt: null, deletedBy: null });
    await dq.writePositions(tx, 'sections', placeAt(await dq.siblingIds(tx, 'sections', page.id), id, section.position));
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [page.id],
      summary: 'Restored a section',
    });
    await audit(tx, actor, 'section:restore', id, { document_id: page.documentId });
    return present(tx, id);
  });
}

/**
 * DELETE /api/page/{id}/tab-group/{groupId} (EDIT): the tabs become plain sections, in the same order and with
 * their blocks; nothing is deleted (docs/api.md "Guideline documents").
 */
export async function deleteTabGroup(db: Db, actor: Actor, pageId: number, groupId: string): Promise<{ sections: number[] }> {
  return db.transaction(async (tx) => {
    const { page, document } = await requirePage(tx, actor, pageId, 'edit');
    const sections = await cq.sectionsOfGroup(tx, pageId, groupId);
    if (sections.length === 0) throw new NotFoundError('No such tab group on this page');
    for (const s of sections) await cq.updateSection(tx, s.id, { groupId: null, tabTitle: null });
    const ids = sections.map((s) => s.id);
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [pageId],
      summary: 'Removed a tab group',
    });
    await audit(tx, actor, 'section:tab-group-delete', pageId, { document_id: page.documentId, group_id: groupId, sections: ids });
    return { sections: ids };
  });
}
