import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guidelinePageRevisions, users } from '../../db/schema.js';
import { blocksOfSections, sectionsOfPages } from './content-queries.js';

/* SQL of page history: every saved state of a page's sections and blocks. */

export type RevisionRow = typeof guidelinePageRevisions.$inferSelect;

/** How many saved states a page keeps; older ones are removed as new ones are written. */
export const REVISIONS_KEPT = 200;

/** The content of a page as a revision stores it: its live sections with their blocks, in order. */
export interface PageSnapshot {
  sections: {
    id: number;
    column_proportions: number[];
    group_id: string | null;
    tab_title: string | null;
    position: number;
    blocks: { id: number; column: number; position: number; type: string; settings: Record<string, unknown> }[];
  }[];
}

export async function pageSnapshot(db: Db, pageId: number): Promise<PageSnapshot> {
  const sections = await sectionsOfPages(db, [pageId]);
  const blocks = await blocksOfSections(
    db,
    sections.map((s) => s.id),
  );
  return {
    sections: sections.map((s) => ({
      id: s.id,
      column_proportions: s.columnProportions,
      group_id: s.groupId,
      tab_title: s.tabTitle,
      position: s.position,
      blocks: blocks
        .filter((b) => b.sectionId === s.id)
        .map((b) => ({ id: b.id, column: b.column, position: b.position, type: b.type, settings: b.settings })),
    })),
  };
}

/** Records the page's current content with a summary, and forgets states beyond the newest REVISIONS_KEPT. */
export async function writeRevision(tx: Db, values: { accountId: number; pageId: number; summary: string; createdBy: number | null }) {
  const content = await pageSnapshot(tx, values.pageId);
  const [row] = await tx
    .insert(guidelinePageRevisions)
    .values({ ...values, content: content as unknown as Record<string, unknown> })
    .returning();
  await tx.execute(sql`delete from ${guidelinePageRevisions}
    where ${guidelinePageRevisions.pageId} = ${values.pageId}
      and ${guidelinePageRevisions.id} < (
        select min(id) from (select id from ${guidelinePageRevisions} where page_id = ${values.pageId} order by id desc limit ${REVISIONS_KEPT}) kept
      )`);
  return row!;
}

export type RevisionWithCreator = RevisionRow & { creatorName: string | null };

export async function findRevision(db: Db, pageId: number, id: number): Promise<RevisionWithCreator | null> {
  const [row] = await db
    .select({ revision: guidelinePageRevisions, creatorName: users.name })
    .from(guidelinePageRevisions)
    .leftJoin(users, eq(users.id, guidelinePageRevisions.createdBy))
    .where(and(eq(guidelinePageRevisions.id, id), eq(guidelinePageRevisions.pageId, pageId)))
    .limit(1);
  return row ? { ...row.revision, creatorName: row.creatorName } : null;
}

/** A page of a page's history, newest first, before the revision `before` when given. */
export async function listRevisions(db: Db, pageId: number, opts: { before?: number; limit: number }) {
  const rows = await db
    .select({
      id: guidelinePageRevisions.id,
      summary: guidelinePageRevisions.summary,
      createdAt: guidelinePageRevisions.createdAt,
      createdBy: guidelinePageRevisions.createdBy,
      creatorName: users.name,
    })
    .from(guidelinePageRevisions)
    .leftJoin(users, eq(users.id, guidelinePageRevisions.createdBy))
    .where(
      and(eq(guidelinePageRevisions.pageId, pageId), opts.before === undefined ? undefined : lt(guidelinePageRevisions.id, opts.before)),
    )
    .orderBy(desc(guidelinePageRevisions.id))
    .limit(opts.limit + 1);
  const [total] = await db.select({ n: count() }).from(guidelinePageRevisions).where(eq(guidelinePageRevisions.pageId, pageId));
  return { rows: rows.slice(0, opts.limit), more: rows.length > opts.limit, total: total?.n ?? 0 };
}
