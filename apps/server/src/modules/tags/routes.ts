import {
  deleteTagBodySchema,
  idParams,
  renameTagBodySchema,
  tagSearchBodySchema,
  tagSearchQuerySchema,
  tagsBodySchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/** Asset tags (docs/api.md "Tags", settings-toolkit.md "Tags"): under /api and /v1. */
export const tagRoutes: FastifyPluginAsync = async (app) => {
  app.post('/tags', async (req) => ok(await op.changeTags(app.db, req.user(), parse(tagsBodySchema, req.body))));
  app.post('/tag/search', async (req) => ok(await op.searchSelectionTags(app.db, req.user(), parse(tagSearchBodySchema, req.body))));
  app.get('/tag/search', async (req) => ok(await op.searchProjectTags(app.db, req.user(), parse(tagSearchQuerySchema, req.query))));
  app.get('/tag', async (req) => ok(await op.searchProjectTags(app.db, req.user(), parse(tagSearchQuerySchema, req.query))));
  app.post('/project/:id/tag/rename', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.renameProjectTag(app.db, req.user(), id, parse(renameTagBodySchema, req.body)));
  });
  app.post('/project/:id/tag/delete', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.deleteProjectTag(app.db, req.user(), id, parse(deleteTagBodySchema, req.body)));
  });
};
