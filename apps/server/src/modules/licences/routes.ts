import {
  consentBodySchema,
  consentQuerySchema,
  createLicenceBodySchema,
  idParams,
  refId,
  setAssetRightsBodySchema,
  updateLicenceBodySchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/** Licences, asset rights and usage consent (docs/api.md "Licences and usage consent"): under /api and /v1. */
export const licenceRoutes: FastifyPluginAsync = async (app) => {
  const consentDeps = { db: app.db, secret: app.config.sessionSecret };
  app.get('/licences', async (req) => ok(await op.listLicences(app.db, req.user())));
  app.post('/licence', async (req, reply) => {
    const body = parse(createLicenceBodySchema, req.body);
    reply.status(201);
    return ok(await op.createLicence(app.db, req.user(), body));
  });
  app.patch('/licence/:id', async (req) => {
    const { id } = parse(idParams('licence'), req.params);
    return ok(await op.updateLicence(app.db, req.user(), id, parse(updateLicenceBodySchema, req.body)));
  });
  app.delete('/licence/:id', async (req) => {
    const { id } = parse(idParams('licence'), req.params);
    return ok(await op.deleteLicence(app.db, req.user(), id));
  });
  app.put('/asset/:id/licences', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await op.setAssetRights(app.db, req.user(), id, parse(setAssetRightsBodySchema, req.body)));
  });
  app.get('/asset/consent', async (req) => {
    const { asset_ids } = parse(consentQuerySchema, req.query);
    return ok(await op.consentFor(app.db, req.user(), asset_ids));
  });
  app.post('/asset/consent', async (req, reply) => {
    const body = parse(consentBodySchema, req.body);
    reply.status(201);
    return ok(await op.acceptConsent(consentDeps, req.user(), body));
  });
  app.get('/consent-acceptances.csv', async (req, reply) => {
    const stream = op.acceptancesCsv(app.db, req.user());
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="consent-acceptances.csv"')
      .header('cache-control', 'private, no-store');
    return reply.send(stream);
  });
};

/** Usage consent of guideline readers (visitors of public portals too): only under /api. */
export const blockConsentRoutes: FastifyPluginAsync = async (app) => {
  const consentDeps = { db: app.db, secret: app.config.sessionSecret };
  const params = z.object({ blockId: refId('block') }).strict();
  app.post('/guideline-block/:blockId/consent', { config: { access: 'public' as const } }, async (req, reply) => {
    const { blockId } = parse(params, req.params);
    const body = parse(consentBodySchema, req.body);
    reply.status(201);
    return ok(await op.acceptBlockConsent(consentDeps, req.actor, req.ip ?? 'unknown', blockId, body));
  });
};
