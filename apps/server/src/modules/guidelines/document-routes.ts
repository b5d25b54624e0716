import {
  blockQuerySchema,
  createBlockBodySchema,
  createDocumentBodySchema,
  createHeadingBodySchema,
  createPageBodySchema,
  createSectionBodySchema,
  deleteQuerySchema,
  idParams,
  languageQuerySchema,
  moveBlockBodySchema,
  moveSectionBodySchema,
  revisionListQuerySchema,
  revisionParamsSchema,
  tabGroupParamsSchema,
  updateBlockBodySchema,
  updateDocumentBodySchema,
  updateHeadingBodySchema,
  updatePageBodySchema,
  updateSectionBodySchema,
} from '@emblem/core';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import type { ModuleRoutes } from '../manifest.js';
import * as blocks from './blocks.js';
import { colorLibrary } from './colors.js';
import * as documents from './documents.js';
import * as headings from './headings.js';
import * as pages from './pages.js';
import * as revisions from './revisions.js';
import * as sections from './sections.js';
import * as trash from './trash.js';

/**
 * REST of guideline documents, pages, headings, sections and blocks (docs/api.md "Guideline documents"). Reads are
 * open to visitors (`access: 'public'`): the access layer answers published content to whoever the portal admits
 * and drafts to people with a level on the document.
 */
export const documentRoutes: ModuleRoutes = async (app) => {
  const pub = { config: { access: 'public' as const } };
  const force = (query: unknown) => parse(deleteQuerySchema, query).force === 'true';

  // Documents
  app.post('/portal/:id/documents', async (req, reply) => {
    const { id } = parse(idParams('portal'), req.params);
    const body = parse(createDocumentBodySchema, req.body);
    reply.status(201);
    return ok(await documents.createDocument(app.db, req.user(), id, body));
  });
  app.get('/portal/:id/documents', pub, async (req) => {
    const { id } = parse(idParams('portal'), req.params);
    return ok(await documents.listDocuments(app.db, req.actor, id));
  });
  app.get('/hub/pages/:id', pub, async (req) => {
    const { id } = parse(idParams('portal'), req.params);
    parse(languageQuerySchema, req.query);
    return ok(await documents.hubPages(app.db, req.actor, id));
  });
  app.get('/document/:id', pub, async (req) => {
    const { id } = parse(idParams('document'), req.params);
    return ok(await documents.getDocument(app.db, req.actor, id));
  });
  app.patch('/document/:id', async (req) => {
    const { id } = parse(idParams('document'), req.params);
    return ok(await documents.updateDocument(app.db, req.user(), id, parse(updateDocumentBodySchema, req.body)));
  });
  app.delete('/document/:id', async (req) => {
    const { id } = parse(idParams('document'), req.params);
    return ok(await documents.deleteDocument(app.db, req.user(), id));
  });
  app.post('/document/:id/restore', async (req) => {
    const { id } = parse(idParams('document'), req.params);
    return ok(await documents.restoreDocument(app.db, req.user(), id));
  });
  app.get('/document/:id/trash', async (req) => {
    const { id } = parse(idParams('document'), req.params);
    return ok(await trash.listTrash(app.db, req.user(), id));
  });
  /** The toolkit's colour list reads a document's palettes here (settings-toolkit.md §7). */
  app.get('/color/library/:id', pub, async (req) => {
    const { id } = parse(idParams('document'), req.params);
    return ok(await colorLibrary(app.db, req.actor, id));
  });

  // Pages
  app.post('/document/:id/pages', async (req, reply) => {
    const { id } = parse(idParams('document'), req.params);
    const body = parse(createPageBodySchema, req.body);
    reply.status(201);
    return ok(await pages.createPage(app.db, req.user(), id, body));
  });
  app.get('/page/:id', pub, async (req) => {
    const { id } = parse(idParams('page'), req.params);
    return ok(await pages.getPage(app.db, req.actor, id));
  });
  app.patch('/page/:id', async (req) => {
    const { id } = parse(idParams('page'), req.params);
    return ok(await pages.updatePage(app.db, req.user(), id, parse(updatePageBodySchema, req.body)));
  });
  app.delete('/page/:id', async (req) => {
    const { id } = parse(idParams('page'), req.params);
    return ok(await pages.deletePage(app.db, req.user(), id, force(req.query)));
  });
  app.post('/page/:id/restore', async (req) => {
    const { id } = parse(idParams('page'), req.params);
    return ok(await pages.restorePage(app.db, req.user(), id));
  });

  // Page history
  app.get('/page/:id/revisions', async (req) => {
    const { id } = parse(idParams('page'), req.params);
    return ok(await revisions.listPageRevisions(app.db, req.user(), id, parse(revisionListQuerySchema, req.query)));
  });
  app.get('/page/:id/revisions/:revisionId', async (req) => {
    const { id, revisionId } = parse(revisionParamsSchema, req.params);
    return ok(await revisions.getPageRevision(app.db, req.user(), id, revisionId));
  });
  app.post('/page/:id/revisions/:revisionId/restore', async (req) => {
    const { id, revisionId } = parse(revisionParamsSchema, req.params);
    return ok(await revisions.restorePageRevision(app.db, req.user(), id, revisionId));
  });

  // Headings
  app.post('/page/:id/headings', async (req, reply) => {
    const { id } = parse(idParams('page'), req.params);
    const body = parse(createHeadingBodySchema, req.body);
    reply.status(201);
    return ok(await headings.createHeading(app.db, req.user(), id, body));
  });
  app.patch('/heading/:id', async (req) => {
    const { id } = parse(idParams('heading'), req.params);
    return ok(await headings.updateHeading(app.db, req.user(), id, parse(updateHeadingBodySchema, req.body)));
  });
  app.delete('/heading/:id', async (req) => {
    const { id } = parse(idParams('heading'), req.params);
    return ok(await headings.deleteHeading(app.db, req.user(), id));
  });
  app.post('/heading/:id/restore', async (req) => {
    const { id } = parse(idParams('heading'), req.params);
    return ok(await headings.restoreHeading(app.db, req.user(), id));
  });

  // Sections
  app.post('/page/:id/sections', async (req, reply) => {
    const { id } = parse(idParams('page'), req.params);
    const body = parse(createSectionBodySchema, req.body);
    reply.status(201);
    return ok(await sections.createSection(app.db, req.user(), id, body));
  });
  app.patch('/section/:id', async (req) => {
    const { id } = parse(idParams('section'), req.params);
    return ok(await sections.updateSection(app.db, req.user(), id, parse(updateSectionBodySchema, req.body)));
  });
  app.delete('/section/:id', async (req) => {
    const { id } = parse(idParams('section'), req.params);
    return ok(await sections.deleteSection(app.db, req.user(), id, force(req.query)));
  });
  app.post('/section/:id/restore', async (req) => {
    const { id } = parse(idParams('section'), req.params);
    return ok(await sections.restoreSection(app.db, req.user(), id));
  });
  app.post('/section/:id/move', async (req) => {
    const { id } = parse(idParams('section'), req.params);
    return ok(await sections.moveSection(app.db, req.user(), id, parse(moveSectionBodySchema, req.body)));
  });
  app.delete('/page/:id/tab-group/:groupId', async (req) => {
    const { id, groupId } = parse(tabGroupParamsSchema, req.params);
    return ok(await sections.deleteTabGroup(app.db, req.user(), id, groupId));
  });

  // Blocks
  app.post('/section/:id/blocks', async (req, reply) => {
    const { id } = parse(idParams('section'), req.params);
    const body = parse(createBlockBodySchema, req.body);
    reply.status(201);
    return ok(await blocks.createBlock(app.db, req.user(), id, body));
  });
  app.get('/document/block/:id', pub, async (req) => {
    const { id } = parse(idParams('block'), req.params);
    const query = parse(blockQuerySchema, req.query);
    return ok(await blocks.getBlock(app.db, req.actor, id, { settingsOnly: query.settings_only === 'true' }));
  });
  app.patch('/document/block/:id', async (req) => {
    const { id } = parse(idParams('block'), req.params);
    return ok(await blocks.updateBlock(app.db, req.user(), id, parse(updateBlockBodySchema, req.body)));
  });
  app.delete('/document/block/:id', async (req) => {
    const { id } = parse(idParams('block'), req.params);
    return ok(await blocks.deleteBlock(app.db, req.user(), id, force(req.query)));
  });
  app.post('/document/block/:id/restore', async (req) => {
    const { id } = parse(idParams('block'), req.params);
    return ok(await blocks.restoreBlock(app.db, req.user(), id));
  });
  app.post('/document/block/:id/move', async (req) => {
    const { id } = parse(idParams('block'), req.params);
    return ok(await blocks.moveBlock(app.db, req.user(), id, parse(moveBlockBodySchema, req.body)));
  });
};
