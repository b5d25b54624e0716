import {
  assetQuerySchema,
  createAssetSchemaFor,
  createAttachmentBodySchema,
  deleteAssetsBodySchema,
  idParams,
  restoreTrashBodySchema,
  revisionBodySchema,
  sortAssetBodySchema,
  transferBodySchema,
  updateAssetBodySchema,
  updateAttachmentBodySchema,
} from '@emblem/core';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as attachments from './attachments.js';
import * as op from './operations.js';
import { transfer } from './transfer.js';
import * as trash from './trash.js';

export function assetDeps(app: FastifyInstance): op.AssetDeps {
  return { db: app.db, secret: app.config.sessionSecret, jobsEnqueued: () => app.jobs.kick() };
}

export const assetRoutes: FastifyPluginAsync = async (app) => {
  const deps = assetDeps(app);
  app.post('/asset', async (req, reply) => {
    const body = parse(createAssetSchemaFor(req.body), req.body);
    reply.status(201);
    return ok(await op.createAsset(deps, req.user(), body));
  });
  app.get('/asset/:id', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    const query = parse(assetQuerySchema, req.query);
    return ok(await op.getAsset(deps, req.user(), id, { includeUrls: query.include_urls, previewWidth: query.preview_width }));
  });
  // POST /asset/list is served by modules/shares/permission-tokens-routes.ts: it also answers permission tokens.
  app.patch('/asset/:id', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await op.updateAsset(deps, req.user(), id, parse(updateAssetBodySchema, req.body)));
  });
  app.delete('/asset/:id', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    const { deleted: _deleted, ...trashed } = await op.deleteAssets(app.db, req.user(), [id]);
    return ok({ id, ...trashed });
  });
  app.post('/screen/delete', async (req) => {
    const { asset_ids } = parse(deleteAssetsBodySchema, req.body);
    return ok(await op.deleteAssets(app.db, req.user(), asset_ids));
  });
  // The library's trash (trash.ts): list, restore (several, or one asset or folder), empty.
  app.get('/project/:id/trash', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await trash.listTrash(deps, req.user(), id));
  });
  app.post('/project/:id/trash/restore', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await trash.restoreTrash(app.db, req.user(), id, parse(restoreTrashBodySchema, req.body)));
  });
  app.delete('/project/:id/trash', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await trash.emptyTrash(deps, req.user(), id));
  });
  app.post('/asset/:id/restore', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await trash.restoreOne(app.db, req.user(), 'asset', id));
  });
  app.post('/set/:id/restore', async (req) => {
    const { id } = parse(idParams('folder'), req.params);
    return ok(await trash.restoreOne(app.db, req.user(), 'folder', id));
  });
  app.post('/asset/:id/sort', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    const { new_position } = parse(sortAssetBodySchema, req.body);
    return ok(await op.sortAsset(app.db, req.user(), id, new_position));
  });
  app.post('/asset/:id/revision', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    const { file_id } = parse(revisionBodySchema, req.body);
    return ok(await op.addRevision(deps, req.user(), id, file_id));
  });
  app.get('/asset/:id/revisions', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await op.listRevisions(deps, req.user(), id));
  });
  app.get('/screen/data/:id', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await op.screenData(deps, req.user(), id));
  });
  app.post('/assets/transfer', async (req) => ok(await transfer(deps, req.user(), parse(transferBodySchema, req.body))));
  app.post('/asset-attachment', async (req, reply) => {
    const body = parse(createAttachmentBodySchema, req.body);
    reply.status(201);
    return ok(await attachments.createAttachment(app.db, req.user(), body));
  });
  app.delete('/asset-attachment/:id', async (req) => {
    const { id } = parse(idParams('attachment'), req.params);
    return ok(await attachments.deleteAttachment(app.db, req.user(), id));
  });
  app.post('/attachment/update/:id', async (req) => {
    const { id } = parse(idParams('attachment'), req.params);
    const { title } = parse(updateAttachmentBodySchema, req.body);
    return ok(await attachments.renameAttachment(app.db, req.user(), id, title));
  });
};
