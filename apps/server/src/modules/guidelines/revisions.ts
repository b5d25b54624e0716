import type { PageResponse, PageRevision, PageRevisionContent, PageRevisionList, RevisionListQuery } from '@emblem/core';
import { requirePageHistory, requirePageRevision } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError } from '../../http/errors.js';
import { restoredRefs } from './block-settings.js';
import * as cq from './content-queries.js';
import * as dq from './document-queries.js';
import { pageContent } from './pages.js';
import * as rq from './revision-queries.js';
import { contentChanged } from './shared.js';

/* Page history: every save of a page's sections and blocks is kept (the newest 200), and any can be brought back. */

export async function listPageRevisions(db: Db, actor: Actor, pageId: number, query: RevisionListQuery): Promise<PageRevisionList> {
  await requirePageHistory(db, actor, pageId, 'view');
  const limit = query.limit ?? 30;
  const { rows, more, total } = await rq.listRevisions(db, pageId, { before: query.before, limit });
  return {
    items: rows.map((r) => ({
      id: r.id,
      summary: r.summary,
      created_at: r.createdAt.toISOString(),
      created_by: r.createdBy === null ? null : { id: r.createdBy, name: r.creatorName ?? '' },
    })),
    next_before: more ? (rows.at(-1)?.id ?? null) : null,
    total,
  };
}

export async function getPageRevision(db: Db, actor: Actor, pageId: number, revisionId: number): Promise<PageRevision> {
  const { revision: r } = await requirePageRevision(db, actor, pageId, revisionId, 'view');
  return {
    id: r.id,
    page_id: r.pageId,
    summary: r.summary,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy === null ? null : { id: r.createdBy, name: r.creatorName ?? '' },
    content: r.content as unknown as PageRevisionContent,
  };
}

/**
 * POST /api/page/{id}/revisions/{revisionId}/restore (EDIT): the page's sections and blocks as the revision has
 * them, by id. Those in it come back (from the trash, from another page of the document, or recreated when purged)
 * with their saved layout and settings; live ones not in it go to the trash. Writes a revision of its own.
 */
export async function restorePageRevision(db: Db, actor: Actor, pageId: number, revisionId: number): Promise<PageResponse> {
  return db.transaction(async (tx) => {
    const { page, revision } = await requirePageRevision(tx, actor, pageId, revisionId, 'edit');
    const content = revision.content as unknown as PageRevisionContent;
    const { accountId } = page.document;
    const documentId = page.page.documentId;
    const sectionIds = content.sections.map((s) => s.id);
    const blockIds = content.sections.flatMap((s) => s.blocks.map((b) => b.id));
    const holding = await cq.pagesHolding(tx, sectionIds, blockIds);
    if (holding.some((h) => h.documentId !== documentId))
      throw new ConflictError('This version names content that is no longer in this document');

    await cq.trashSectionsExcept(tx, pageId, sectionIds, actor.userId);
    await cq.trashBlocksExcept(tx, sectionIds, blockIds, actor.userId);
    for (const s of content.sections) {
      await cq.putSection(tx, {
        id: s.id,
        accountId,
        pageId,
        columnProportions: s.column_proportions,
        groupId: s.group_id,
        tabTitle: s.tab_title,
        position: s.position,
      });
      for (const b of s.blocks) {
        await cq.putBlock(tx, {
          id: b.id,
          accountId,
          sectionId: s.id,
          column: b.column,
          position: b.position,
          type: b.type,
          settings: b.settings,
          modifiedBy: actor.userId,
        });
        await cq.writeBlockRefs(tx, b.id, await restoredRefs(tx, accountId, b.settings));
      }
    }
    // Sections and blocks taken from other pages leave those pages' order closed up.
    const otherPages = [...new Set(holding.map((h) => h.pageId).filter((id) => id !== pageId))];
    for (const other of otherPages) await dq.writePositions(tx, 'sections', await dq.siblingIds(tx, 'sections', other));
    await dq.writePositions(tx, 'sections', await dq.siblingIds(tx, 'sections', pageId));
    await contentChanged(tx, actor, {
      accountId,
      documentId,
      pageIds: [pageId, ...otherPages],
      summary: `Restored the version of ${revision.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
    await audit(tx, actor, 'page:revision-restore', pageId, { document_id: documentId, revision_id: revisionId });
    return pageContent(tx, (await dq.findPage(tx, pageId)) as dq.PageRow);
  });
}
