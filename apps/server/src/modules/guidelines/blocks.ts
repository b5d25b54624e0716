import type { BlockResponse, BlockType, CreateBlockBody, CreatedItem, DeletedItem, MoveBlockBody, UpdateBlockBody } from '@emblem/core';
import { requireBlock, requireSection } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, ValidationError } from '../../http/errors.js';
import { checkSettingsRefs, parseSettings } from './block-settings.js';
import * as cq from './content-queries.js';
import * as dq from './document-queries.js';
import { blockLabel, outgoingSettings, presentBlock } from './presenters.js';
import { assertNotReferenced } from './references.js';
import { assertRestorable, contentChanged, placeAt, staleSave, trashExpiry } from './shared.js';

/* Content blocks: a type and its settings, in a column of a section. */

const columnsOf = (section: cq.SectionRow) => section.columnProportions.length;
function assertColumn(section: cq.SectionRow, column: number) {
  const n = columnsOf(section);
  if (column >= n)
    throw new ValidationError({ column: [`This section has ${n} column${n === 1 ? '' : 's'}: use 0${n > 1 ? ` to ${n - 1}` : ''}`] });
}

async function present(tx: Db, id: number): Promise<BlockResponse> {
  return presentBlock((await cq.findBlock(tx, id)) as cq.BlockRow);
}

/** POST /api/section/{id}/blocks (EDIT): settings checked against the type's schema, named records checked as claims. */
export async function createBlock(db: Db, actor: Actor, sectionId: number, input: CreateBlockBody): Promise<CreatedItem> {
  return db.transaction(async (tx) => {
    const { section, page, document } = await requireSection(tx, actor, sectionId, 'edit');
    assertColumn(section, input.column);
    const settings = parseSettings(input.type, input.settings);
    const refs = await checkSettingsRefs(tx, actor, document, settings);
    const siblings = await cq.blockIdsOfColumn(tx, sectionId, input.column);
    const block = await cq.insertBlock(tx, {
      accountId: document.accountId,
      sectionId,
      column: input.column,
      position: siblings.length,
      type: input.type,
      settings,
      createdBy: actor.userId,
    });
    await dq.writePositions(tx, 'blocks', placeAt(siblings, block.id, input.position));
    await cq.writeBlockRefs(tx, block.id, refs);
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [page.id],
      summary: `Added a ${blockLabel(input.type).toLowerCase()}`,
    });
    await audit(tx, actor, 'block:create', block.id, { document_id: page.documentId, type: input.type });
    return { id: block.id };
  });
}

/** GET /api/document/block/{id}: the block, or `{settings}` alone. Content languages come with the languages issue. */
export async function getBlock(
  db: Db,
  actor: Actor | null,
  id: number,
  opts: { settingsOnly: boolean },
): Promise<BlockResponse | { settings: Record<string, unknown> }> {
  const { block } = await requireBlock(db, actor, id, 'view');
  return opts.settingsOnly ? { settings: outgoingSettings(block.type, block.settings) } : presentBlock(block);
}

/** PATCH /api/document/block/{id} (EDIT): new settings over the version the editor started from. */
export async function updateBlock(db: Db, actor: Actor, id: number, input: UpdateBlockBody): Promise<BlockResponse> {
  return db.transaction(async (tx) => {
    const { block, page, document } = await requireBlock(tx, actor, id, 'edit');
    if (block.version !== input.version) staleSave(presentBlock(block));
    const settings = parseSettings(block.type as BlockType, input.settings);
    const refs = await checkSettingsRefs(tx, actor, document, settings);
    const row = await cq.updateBlock(tx, id, { settings, modifiedBy: actor.userId }, { expectVersion: input.version });
    if (!row) staleSave(await present(tx, id));
    await cq.writeBlockRefs(tx, id, refs);
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [page.id],
      summary: `Edited a ${blockLabel(block.type).toLowerCase()}`,
    });
    await audit(tx, actor, 'block:update', id, { document_id: page.documentId });
    return presentBlock(row);
  });
}

/** POST /api/document/block/{id}/move: to a column and position of a section of the same document (EDIT on both). */
export async function moveBlock(db: Db, actor: Actor, id: number, input: MoveBlockBody): Promise<BlockResponse> {
  return db.transaction(async (tx) => {
    const { block, page, document } = await requireBlock(tx, actor, id, 'edit');
    const target = await requireSection(tx, actor, input.section_id, 'edit');
    if (target.page.documentId !== page.documentId)
      throw new ValidationError({ section_id: ['Blocks move only between sections of their document'] });
    assertColumn(target.section, input.column);
    const sameColumn = target.section.id === block.sectionId && input.column === block.column;
    if (!sameColumn) {
      await cq.updateBlock(tx, id, { sectionId: target.section.id, column: input.column, modifiedBy: actor.userId });
      await dq.writePositions(tx, 'blocks', await cq.blockIdsOfColumn(tx, block.sectionId, block.column));
    }
    await dq.writePositions(tx, 'blocks', placeAt(await cq.blockIdsOfColumn(tx, target.section.id, input.column), id, input.position));
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [page.id, target.page.id],
      summary: `Moved a ${blockLabel(block.type).toLowerCase()}`,
    });
    await audit(tx, actor, 'block:move', id, {
      document_id: page.documentId,
      from_section_id: block.sectionId,
      section_id: target.section.id,
    });
    return present(tx, id);
  });
}

/** DELETE /api/document/block/{id}: to the trash (EDIT), unless other live blocks link to it and `force` is not set. */
export async function deleteBlock(db: Db, actor: Actor, id: number, force: boolean): Promise<DeletedItem> {
  return db.transaction(async (tx) => {
    const access = await requireBlock(tx, actor, id, 'edit');
    const { block, page, document } = access;
    if (!force) await assertNotReferenced(tx, access, { kind: 'block', id });
    const row = (await cq.updateBlock(tx, id, { deletedAt: new Date(), deletedBy: actor.userId })) as cq.BlockRow;
    await dq.writePositions(tx, 'blocks', await cq.blockIdsOfColumn(tx, block.sectionId, block.column));
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [page.id],
      summary: `Deleted a ${blockLabel(block.type).toLowerCase()}`,
    });
    await audit(tx, actor, 'block:delete', id, { document_id: page.documentId, forced: force });
    const deletedAt = row.deletedAt as Date;
    return { id, deleted_at: deletedAt.toISOString(), expires_at: trashExpiry(deletedAt).toISOString() };
  });
}

/** POST /api/document/block/{id}/restore (EDIT): back at its place; its section and page must not be in the trash. */
export async function restoreBlock(db: Db, actor: Actor, id: number): Promise<BlockResponse> {
  return db.transaction(async (tx) => {
    const { block, section, page, document } = await requireBlock(tx, actor, id, 'edit', { deleted: true });
    assertRestorable(block.deletedAt, 'block');
    if (page.deletedAt) throw new ConflictError('Its page is in the trash: restore the page first');
    if (section.deletedAt) throw new ConflictError('Its section is in the trash: restore the section first');
    // The section may have fewer columns now: the block then goes to the last one.
    const column = Math.min(block.column, columnsOf(section) - 1);
    await cq.updateBlock(tx, id, { deletedAt: null, deletedBy: null, column, modifiedBy: actor.userId });
    await dq.writePositions(tx, 'blocks', placeAt(await cq.blockIdsOfColumn(tx, section.id, column), id, block.position));
    await contentChanged(tx, actor, {
      accountId: document.accountId,
      documentId: page.documentId,
      pageIds: [page.id],
      summary: `Restored a ${blockLabel(block.type).toLowerCase()}`,
    });
    await audit(tx, actor, 'block:restore', id, { document_id: page.documentId });
    return present(tx, id);
  });
}
