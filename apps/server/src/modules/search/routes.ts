import { assetSearchBodySchema, searchSuggestionsQuerySchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { assetDepsOf } from '../assets/public.js';
import * as op from './operations.js';

/** The asset search (docs/api.md "Search", decision 0039): under /api and /v1. */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  const deps: op.SearchDeps = { assets: assetDepsOf(app) };
  app.post('/asset/search', async (req) => ok(await op.searchAssets(deps, req.user(), parse(assetSearchBodySchema, req.body))));
  app.get('/asset/search/suggestions', async (req) =>
    ok(await op.searchSuggestions(deps, req.user(), parse(searchSuggestionsQuerySchema, req.query))),
  );
};
