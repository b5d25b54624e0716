import {
  addBlockedExtensionBodySchema,
  addDownloadSizeBodySchema,
  idParams,
  listPositionBodySchema,
  projectExtensionParamsSchema,
  projectSizeParamsSchema,
  replaceBlockedExtensionBodySchema,
  replaceDownloadSizeBodySchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { isReorder } from '../../lib/toolkit-list.js';
import * as op from './settings.js';

/**
 * The toolkit list endpoints of project settings (docs/api.md "Account and project settings"): POST {api},
 * PUT {api}/position, PUT {api}/{id}, DELETE {api}/{id}. GET …/download-custom-sizes stays in routes.ts.
 */
export const projectSettingsRoutes: FastifyPluginAsync = async (app) => {
  app.post('/project/:id/blocked-extensions', async (req, reply) => {
    const { id } = parse(idParams('project'), req.params);
    const { extension } = parse(addBlockedExtensionBodySchema, req.body);
    const { data, savedEntry } = await op.projectBlockedExtensions(app.db, req.user(), id).add(extension.label);
    reply.status(201);
    return { ...ok(data), savedEntry };
  });
  app.put('/project/:id/blocked-extensions/:extension', async (req) => {
    const { id, extension } = parse(projectExtensionParamsSchema, req.params);
    const list = op.projectBlockedExtensions(app.db, req.user(), id);
    if (isReorder(extension, req.body)) return ok(await list.reorder(parse(listPositionBodySchema, req.body).items));
    const { label } = parse(replaceBlockedExtensionBodySchema, req.body);
    const { data, savedEntry } = await list.replace(extension, label);
    return { ...ok(data), savedEntry };
  });
  app.delete('/project/:id/blocked-extensions/:extension', async (req) => {
    const { id, extension } = parse(projectExtensionParamsSchema, req.params);
    return ok(await op.projectBlockedExtensions(app.db, req.user(), id).remove(extension));
  });

  app.post('/project/:id/download-custom-sizes', async (req, reply) => {
    const { id } = parse(idParams('project'), req.params);
    const { size } = parse(addDownloadSizeBodySchema, req.body);
    const { data, savedEntry } = await op.downloadSizes(app.db, req.user(), id).add(size);
    reply.status(201);
    return { ...ok(data), savedEntry };
  });
  app.put('/project/:id/download-custom-sizes/:size', async (req) => {
    const { id, size } = parse(projectSizeParamsSchema, req.params);
    const list = op.downloadSizes(app.db, req.user(), id);
    if (isReorder(size, req.body)) return ok(await list.reorder(parse(listPositionBodySchema, req.body).items));
    const entry = parse(replaceDownloadSizeBodySchema, req.body);
    const { data, savedEntry } = await list.replace(size, entry);
    return { ...ok(data), savedEntry };
  });
  app.delete('/project/:id/download-custom-sizes/:size', async (req) => {
    const { id, size } = parse(projectSizeParamsSchema, req.params);
    return ok(await op.downloadSizes(app.db, req.user(), id).remove(size));
  });
};
