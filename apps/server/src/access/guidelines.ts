import { levelAtLeast, type ProjectLevel } from '@emblem/core';
import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { ForbiddenError, NotFoundError } from '../http/errors.js';
import { type BlockRow, findBlock, findSection, type SectionRow } from '../modules/guidelines/content-queries.js';
import {
  type DocumentWithProject,
  documentsOfPortal,
  findDocument,
  findHeading,
  findPage,
  type HeadingRow,
  type PageRow,
} from '../modules/guidelines/document-queries.js';
import { documentPolicy, portalPolicy } from '../modules/guidelines/policy.js';
import { findPortal, findPortalByToken, type PortalRow, portalsByIds } from '../modules/guidelines/queries.js';
import { findRevision, type RevisionWithCreator } from '../modules/guidelines/revision-queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { levelOn } from './projects.js';

/**
 * Guideline portals: visible ones are read by anyone the visibility admits (visitors included, for PUBLIC ones);
 * an invisible one does not exist for the caller (404); changing one that is visible needs edit rights (403).
 */
export type PortalPermission = 'portal.view' | 'portal.edit';

function check(actor: Actor | null, portal: PortalRow | null, permission: PortalPermission): PortalRow {
  if (!portal || !portalPolicy.canView(actor, portal)) throw new NotFoundError();
  if (permission === 'portal.edit' && !portalPolicy.canEdit(actor, portal))
    throw new ForbiddenError('Only account admins may change portals');
  return portal;
}

export async function requirePortal(
  db: Db,
  actor: Actor | null,
  id: number,
  permission: PortalPermission,
): Promise<Checked<'portal', PortalRow>> {
  noteChecked('portal', id);
  return seal('portal', id, check(actor, await findPortal(db, id), permission));
}

/** The portal of a `/d/{token}` address; the token grants no more than the portal's visibility. */
export async function requirePortalByToken(db: Db, actor: Actor | null, token: string): Promise<Checked<'portal', PortalRow>> {
  const portal = check(actor, await findPortalByToken(db, token), 'portal.view');
  return seal('portal', portal.id, portal);
}

/** The portals of `ids` the caller may see; the others are left out (each id counts as answered). */
export async function visiblePortals(db: Db, actor: Actor | null, ids: number[]): Promise<Checked<'portal', PortalRow>[]> {
  for (const id of ids) noteChecked('portal', id);
  return (await portalsByIds(db, ids)).filter((p) => portalPolicy.canView(actor, p)).map((p) => seal('portal', p.id, p));
}

/*
 * Guideline documents and their pages, headings, sections and blocks. Each item resolves to its document (a
 * STYLEGUIDE project) and the caller's level on it (levelOn). With a level (VIEW or more) the caller reads drafts
 * too; without one, the item is readable only when the document is published, its portal's visibility admits the
 * caller, and neither the page is hidden nor anything on the way is deleted (the public reader's rule). Unreadable
 * items are 404; readable ones the caller's level does not allow to change are 403. Items in the trash are 404,
 * unless the operation restores them or lists the trash (`deleted: true`: then the item and its page or section
 * may be deleted, never the document).
 */
export type GuidelineVerb = 'view' | 'edit' | 'admin';
const LEVEL_FOR: Record<GuidelineVerb, ProjectLevel> = { view: 'VIEW', edit: 'EDIT', admin: 'ADMIN' };

export interface DocumentAccess extends DocumentWithProject {
  portal: PortalRow;
  /** The caller's project level; null for someone who reads published content only. */
  level: ProjectLevel | null;
}
export type CheckedDocument = Checked<'document', DocumentAccess>;
export type CheckedPage = Checked<'page', DocumentAccess & { page: PageRow }>;
export type CheckedHeading = Checked<'heading', DocumentAccess & { page: PageRow; heading: HeadingRow }>;
export type CheckedSection = Checked<'section', DocumentAccess & { page: PageRow; section: SectionRow }>;
export type CheckedBlock = Checked<'block', DocumentAccess & { page: PageRow; section: SectionRow; block: BlockRow }>;

interface GuidelineOptions {
  /** Restore and trash: the item (and its page or section) may be in the trash. */
  deleted?: boolean;
}

/** The caller's access to a document, or the refusal; `hiddenFromReaders` is true when a reader may not see the item. */
async function documentAccess(
  db: Db,
  actor: Actor | null,
  found: DocumentWithProject | null,
  verb: GuidelineVerb,
  opts: { documentDeleted?: boolean; itemDeleted?: boolean; hiddenFromReaders: boolean; trashed: boolean },
): Promise<DocumentAccess> {
  if (!found || (found.document.deletedAt && !opts.documentDeleted)) throw new NotFoundError();
  const portal = await findPortal(db, found.document.portalId);
  if (!portal) throw new NotFoundError();
  const level = actor ? await levelOn(db, actor, found.project) : null;
  if (level === null) {
    if (opts.hiddenFromReaders || opts.trashed || !documentPolicy.readerMay(actor, found.document, portal)) throw new NotFoundError();
    if (verb !== 'view') throw new ForbiddenError(`You need ${LEVEL_FOR[verb]} permission on this document`);
    return { ...found, portal, level };
  }
  if (opts.trashed && !opts.itemDeleted) throw new NotFoundError();
  if (!levelAtLeast(level, LEVEL_FOR[verb])) {
    throw new ForbiddenError(
      verb === 'admin' ? 'Only document admins may do this' : `You need ${LEVEL_FOR[verb]} permission on this document`,
    );
  }
  return { ...found, portal, level };
}

export async function requireDocument(
  db: Db,
  actor: Actor | null,
  id: number,
  verb: GuidelineVerb,
  opts: GuidelineOptions = {},
): Promise<CheckedDocument> {
  noteChecked('document', id);
  const found = await findDocument(db, id);
  const access = await documentAccess(db, actor, found, verb, { documentDeleted: opts.deleted, hiddenFromReaders: false, trashed: false });
  return seal('document', id, access);
}

async function pageAccess(
  db: Db,
  actor: Actor | null,
  page: PageRow | null,
  verb: GuidelineVerb,
  opts: GuidelineOptions,
  trashed: boolean,
) {
  if (!page) throw new NotFoundError();
  // A page, heading, section or block of a document in the trash is 404 even to restore: the document comes first.
  const access = await documentAccess(db, actor, await findDocument(db, page.documentId), verb, {
    itemDeleted: opts.deleted,
    hiddenFromReaders: page.hidden,
    trashed: trashed || page.deletedAt !== null,
  });
  return { ...access, page };
}

export async function requirePage(
  db: Db,
  actor: Actor | null,
  id: number,
  verb: GuidelineVerb,
  opts: GuidelineOptions = {},
): Promise<CheckedPage> {
  noteChecked('page', id);
  return seal('page', id, await pageAccess(db, actor, await findPage(db, id), verb, opts, false));
}

export async function requireHeading(
  db: Db,
  actor: Actor | null,
  id: number,
  verb: GuidelineVerb,
  opts: GuidelineOptions = {},
): Promise<CheckedHeading> {
  noteChecked('heading', id);
  const heading = await findHeading(db, id);
  if (!heading) throw new NotFoundError();
  const access = await pageAccess(db, actor, await findPage(db, heading.pageId), verb, opts, heading.deletedAt !== null);
  return seal('heading', id, { ...access, heading });
}

async function sectionAccess(
  db: Db,
  actor: Actor | null,
  section: SectionRow | null,
  verb: GuidelineVerb,
  opts: GuidelineOptions,
  trashed: boolean,
) {
  if (!section) throw new NotFoundError();
  const access = await pageAccess(db, actor, await findPage(db, section.pageId), verb, opts, trashed || section.deletedAt !== null);
  return { ...access, section };
}

export async function requireSection(
  db: Db,
  actor: Actor | null,
  id: number,
  verb: GuidelineVerb,
  opts: GuidelineOptions = {},
): Promise<CheckedSection> {
  noteChecked('section', id);
  return seal('section', id, await sectionAccess(db, actor, await findSection(db, id), verb, opts, false));
}

export async function requireBlock(
  db: Db,
  actor: Actor | null,
  id: number,
  verb: GuidelineVerb,
  opts: GuidelineOptions = {},
): Promise<CheckedBlock> {
  noteChecked('block', id);
  const block = await findBlock(db, id);
  if (!block) throw new NotFoundError();
  const access = await sectionAccess(db, actor, await findSection(db, block.sectionId), verb, opts, block.deletedAt !== null);
  return seal('block', id, { ...access, block });
}

/**
 * The documents of a portal the caller reads, with their level: with a level, every live document; without one,
 * published ones when the portal admits them. A portal the caller neither sees nor holds a document of is 404.
 */
export async function readablePortalDocuments(
  db: Db,
  actor: Actor | null,
  portalId: number,
): Promise<{ portal: Checked<'portal', PortalRow>; documents: (DocumentWithProject & { level: ProjectLevel | null })[] }> {
  noteChecked('portal', portalId);
  const portal = await findPortal(db, portalId);
  if (!portal) throw new NotFoundError();
  const portalVisible = portalPolicy.canView(actor, portal);
  const documents: (DocumentWithProject & { level: ProjectLevel | null })[] = [];
  for (const found of await documentsOfPortal(db, portalId)) {
    const level = actor ? await levelOn(db, actor, found.project) : null;
    if (level !== null || documentPolicy.readerMay(actor, found.document, portal)) documents.push({ ...found, level });
  }
  if (!portalVisible && documents.length === 0) throw new NotFoundError();
  return { portal: seal('portal', portalId, portal), documents };
}

/**
 * A saved state of a page (its history): for people with a level on the document only, since readers see just
 * what is published now. A revision of another page is 404.
 */
export async function requirePageRevision(
  db: Db,
  actor: Actor,
  pageId: number,
  revisionId: number,
  verb: 'view' | 'edit',
): Promise<Checked<'page_revision', { page: CheckedPage; revision: RevisionWithCreator }>> {
  noteChecked('page_revision', revisionId);
  const page = await requirePageHistory(db, actor, pageId, verb);
  const revision = await findRevision(db, pageId, revisionId);
  if (!revision) throw new NotFoundError();
  return seal('page_revision', revisionId, { page, revision });
}

/** A page whose history the caller may read (VIEW) or restore (EDIT). */
export async function requirePageHistory(db: Db, actor: Actor, pageId: number, verb: 'view' | 'edit'): Promise<CheckedPage> {
  const access = await requirePage(db, actor, pageId, verb);
  if (access.level === null) throw new ForbiddenError('You need VIEW permission on this document to see its history');
  return access;
}
