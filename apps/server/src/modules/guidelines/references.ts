import type { ItemReference } from '@emblem/core';
import { and, asc, eq, inArray, isNull, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guidelineBlockRefs, guidelineBlocks, guidelineDocuments, guidelinePages, guidelineSections, projects } from '../../db/schema.js';
import { ConflictError } from '../../http/errors.js';
import * as cq from './content-queries.js';
import { blockLabel, blockUrl } from './presenters.js';

/*
 * "Still referenced" (data-api.md §4): deleting a page, section or block that live blocks elsewhere link to answers
 * 409 with where those links are, instead of deleting; `?force=true` deletes anyway.
 */

export type LinkTarget = { kind: 'page' | 'section' | 'block'; id: number };

/** The live blocks of the account that link to the target or to anything inside it, other than those inside it. */
export async function referencesTo(db: Db, accountId: number, target: LinkTarget): Promise<ItemReference[]> {
  let pageIds: number[] = [];
  let sectionIds: number[] = [];
  let blockIds: number[] = [];
  if (target.kind === 'page') {
    pageIds = [target.id];
    sectionIds = (await cq.sectionsOfPages(db, pageIds)).map((s) => s.id);
  } else if (target.kind === 'section') sectionIds = [target.id];
  if (target.kind === 'block') blockIds = [target.id];
  else blockIds = (await cq.blocksOfSections(db, sectionIds)).map((b) => b.id);

  const targets: SQL[] = [];
  const refTo = (kind: string, ids: number[]) =>
    ids.length > 0 && targets.push(and(eq(guidelineBlockRefs.kind, kind), inArray(guidelineBlockRefs.targetId, ids)) as SQL);
  refTo('page', pageIds);
  refTo('section', sectionIds);
  refTo('block', blockIds);
  // Links from inside what is deleted go with it.
  const outside =
    target.kind === 'page'
      ? ne(guidelineSections.pageId, target.id)
      : target.kind === 'section'
        ? ne(guidelineBlocks.sectionId, target.id)
        : ne(guidelineBlocks.id, target.id);
  const rows = await db
    .select({
      blockId: guidelineBlocks.id,
      type: guidelineBlocks.type,
      sectionId: guidelineSections.id,
      pageId: guidelinePages.id,
      pageTitle: guidelinePages.title,
      documentId: guidelineDocuments.projectId,
      documentTitle: projects.name,
    })
    .from(guidelineBlockRefs)
    .innerJoin(guidelineBlocks, and(eq(guidelineBlocks.id, guidelineBlockRefs.blockId), isNull(guidelineBlocks.deletedAt)))
    .innerJoin(guidelineSections, and(eq(guidelineSections.id, guidelineBlocks.sectionId), isNull(guidelineSections.deletedAt)))
    .innerJoin(guidelinePages, and(eq(guidelinePages.id, guidelineSections.pageId), isNull(guidelinePages.deletedAt)))
    .innerJoin(guidelineDocuments, and(eq(guidelineDocuments.projectId, guidelinePages.documentId), isNull(guidelineDocuments.deletedAt)))
    .innerJoin(projects, eq(projects.id, guidelineDocuments.projectId))
    .where(
      and(
        eq(guidelineBlocks.accountId, accountId),
        or(...targets),
        outside,
        notInArray(guidelineBlocks.id, blockIds.length ? blockIds : [0]),
      ),
    )
    .orderBy(
      asc(guidelineDocuments.projectId),
      asc(guidelinePages.position),
      asc(guidelineSections.position),
      asc(guidelineBlocks.position),
    );
  // A block linking several times (to the page and to a block of it) is one reference.
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.blockId) && seen.add(r.blockId))
    .map((r) => ({
      url: blockUrl(r.documentId, r.pageId, r.sectionId, r.blockId),
      path: `${r.documentTitle} › ${r.pageTitle} › ${blockLabel(r.type)}`,
    }));
}

/** 409 "Still referenced" with the references, when there are any. */
export async function assertNotReferenced(db: Db, access: { document: { accountId: number } }, target: LinkTarget): Promise<void> {
  const references = await referencesTo(db, access.document.accountId, target);
  if (references.length > 0) throw new ConflictError('Still referenced', undefined, { references });
}
