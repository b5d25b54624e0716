import type {
  CreateDocumentBody,
  CreatedItem,
  DeletedItem,
  DocumentDetail,
  DocumentSummary,
  HubPagesResponse,
  ProjectLevel,
  UpdateDocumentBody,
} from '@emblem/core';
import { type CheckedDocument, readablePortalDocuments, requireDocument, requirePortal } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError } from '../../http/errors.js';
import * as dq from './document-queries.js';
import { presentDocumentSummary, presentPageSummary } from './presenters.js';
import { assertRestorable, freeSlug, givenFields, placeAt, slugGuard, slugOf, staleSave, trashExpiry } from './shared.js';

/* Guideline documents: a STYLEGUIDE project shown in a portal, with its cover page and pages. */

const SLUG_TAKEN = 'Another document of this portal uses this slug';

/** The pages of documents the caller reads: all live ones with a level, the visible ones (not hidden) without. */
async function pagesFor(db: Db, documents: { document: dq.DocumentRow; level: ProjectLevel | null }[]) {
  const pages = await dq.pagesOfDocuments(
    db,
    documents.map((d) => d.document.projectId),
  );
  const drafts = new Set(documents.filter((d) => d.level !== null).map((d) => d.document.projectId));
  return pages.filter((p) => drafts.has(p.documentId) || !p.hidden);
}

async function detail(db: Db, access: dq.DocumentWithProject & { level: ProjectLevel | null }): Promise<DocumentDetail> {
  const pages = await pagesFor(db, [access]);
  const headings = await dq.headingsOfPages(
    db,
    pages.map((p) => p.id),
  );
  return { ...presentDocumentSummary(access, access.level, pages), pages: pages.map((p) => presentPageSummary(p, headings)) };
}

/** POST /api/portal/{id}/documents: the STYLEGUIDE project, its document row and its cover page (portal editors). */
export async function createDocument(db: Db, actor: Actor, portalId: number, input: CreateDocumentBody): Promise<CreatedItem> {
  return db.transaction(async (tx) => {
    const portal = await requirePortal(tx, actor, portalId, 'portal.edit');
    let slug: string;
    if (input.slug !== undefined) {
      if (await dq.documentSlugTaken(tx, portal.id, input.slug)) throw new ConflictError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
      slug = input.slug;
    } else slug = await freeSlug(tx, 'documents', portal.id, slugOf(input.title, 'document'));
    const project = await dq.insertStyleguideProject(tx, {
      accountId: portal.accountId,
      brandId: portal.brandId,
      name: input.title,
      hubId: portal.id,
      createdBy: actor.userId,
    });
    const siblings = await dq.siblingIds(tx, 'documents', portal.id);
    const document = await slugGuard(
      () =>
        dq.insertDocument(tx, { projectId: project.id, accountId: portal.accountId, portalId: portal.id, slug, position: siblings.length }),
      SLUG_TAKEN,
    );
    await dq.insertPage(tx, {
      accountId: portal.accountId,
      documentId: project.id,
      type: 'COVERPAGE',
      title: 'Cover',
      slug: 'cover',
      position: 0,
    });
    await audit(tx, actor, 'document:create', project.id, { title: input.title, portal_id: portal.id });
    return { id: document.projectId, slug: document.slug };
  });
}

/** GET /api/portal/{id}/documents: the portal's documents the caller reads (visitors: published ones of a PUBLIC portal). */
export async function listDocuments(db: Db, actor: Actor | null, portalId: number): Promise<DocumentSummary[]> {
  const { documents } = await readablePortalDocuments(db, actor, portalId);
  const pages = await pagesFor(db, documents);
  return documents.map((d) =>
    presentDocumentSummary(
      d,
      d.level,
      pages.filter((p) => p.documentId === d.document.projectId),
    ),
  );
}

/** GET /api/hub/pages/{portalId}: the portal with its readable documents and their page trees. */
export async function hubPages(db: Db, actor: Actor | null, portalId: number): Promise<HubPagesResponse> {
  const { portal, documents } = await readablePortalDocuments(db, actor, portalId);
  const pages = await pagesFor(db, documents);
  const headings = await dq.headingsOfPages(
    db,
    pages.map((p) => p.id),
  );
  return {
    portal: { id: portal.id, title: portal.title, brand_id: portal.brandId },
    documents: documents.map((d) => {
      const own = pages.filter((p) => p.documentId === d.document.projectId);
      return { ...presentDocumentSummary(d, d.level, own), pages: own.map((p) => presentPageSummary(p, headings)) };
    }),
  };
}

export async function getDocument(db: Db, actor: Actor | null, id: number): Promise<DocumentDetail> {
  return detail(db, await requireDocument(db, actor, id, 'view'));
}

/** PATCH /api/document/{id}: title, slug, position (EDIT); published (ADMIN). */
export async function updateDocument(db: Db, actor: Actor, id: number, input: UpdateDocumentBody): Promise<DocumentDetail> {
  return db.transaction(async (tx) => {
    const access = await requireDocument(tx, actor, id, input.published === undefined ? 'edit' : 'admin');
    const { document } = access;
    if (document.version !== input.version) staleSave(await detail(tx, access));
    if (input.slug !== undefined && (await dq.documentSlugTaken(tx, document.portalId, input.slug, id)))
      throw new ConflictError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    const row = await slugGuard(
      () =>
        dq.updateDocument(tx, id, { slug: input.slug, published: input.published }, { bumpVersion: true, expectVersion: input.version }),
      SLUG_TAKEN,
    );
    if (!row) staleSave(await detail(tx, await reload(tx, access)));
    if (input.title !== undefined) await dq.renameProject(tx, id, input.title);
    if (input.position !== undefined)
      await dq.writePositions(tx, 'documents', placeAt(await dq.siblingIds(tx, 'documents', document.portalId), id, input.position));
    await audit(tx, actor, 'document:update', id, { fields: givenFields(input) });
    return detail(tx, await reload(tx, access));
  });
}

async function reload(tx: Db, access: CheckedDocument) {
  const found = await dq.findDocument(tx, access.document.projectId);
  return { ...access, ...(found as dq.DocumentWithProject) };
}

/** DELETE /api/document/{id}: to the trash (ADMIN); its pages go with it and come back with it. */
export async function deleteDocument(db: Db, actor: Actor, id: number): Promise<DeletedItem> {
  return db.transaction(async (tx) => {
    const { project } = await requireDocument(tx, actor, id, 'admin');
    const row = await dq.updateDocument(tx, id, { deletedAt: new Date() }, { bumpVersion: true });
    await audit(tx, actor, 'document:delete', id, { title: project.name });
    const deletedAt = row?.deletedAt as Date;
    return { id, deleted_at: deletedAt.toISOString(), expires_at: trashExpiry(deletedAt).toISOString() };
  });
}

/** POST /api/document/{id}/restore: back from the trash (ADMIN) within 30 days, unless its slug was taken since. */
export async function restoreDocument(db: Db, actor: Actor, id: number): Promise<DocumentDetail> {
  return db.transaction(async (tx) => {
    const access = await requireDocument(tx, actor, id, 'admin', { deleted: true });
    assertRestorable(access.document.deletedAt, 'document');
    const slug = (await dq.documentSlugTaken(tx, access.document.portalId, access.document.slug))
      ? await freeSlug(tx, 'documents', access.document.portalId, access.document.slug)
      : access.document.slug;
    await dq.updateDocument(tx, id, { deletedAt: null, slug }, { bumpVersion: true });
    const siblings = await dq.siblingIds(tx, 'documents', access.document.portalId);
    await dq.writePositions(tx, 'documents', placeAt(siblings, id, access.document.position));
    await audit(tx, actor, 'document:restore', id);
    return detail(tx, await reload(tx, access));
  });
}
