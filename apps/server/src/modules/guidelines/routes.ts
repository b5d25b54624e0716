import {
  createPortalBodySchema,
  idParams,
  portalListQuerySchema,
  resetCoverAssetBodySchema,
  resetCoverSettingsBodySchema,
  updatePortalBodySchema,
} from '@emblem/core';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import type { ModuleRoutes } from '../manifest.js';
import * as op from './operations.js';

export const portalRoutes: ModuleRoutes = async (app) => {
  // Reading: visitors too, for PUBLIC portals (the public reader and /d/{token} addresses).
  app.get('/portal', { config: { access: 'public' } }, async (req) => {
    return ok(await op.listPortals(app.db, req.actor, parse(portalListQuerySchema, req.query)));
  });
  app.get('/portal/:id', { config: { access: 'public' } }, async (req) => {
    const { id } = parse(idParams('portal'), req.params);
    return ok(await op.getPortal(app.db, req.actor, id));
  });
  app.post('/portal', async (req, reply) => {
    const body = parse(createPortalBodySchema, req.body);
    reply.status(201);
    return ok(await op.createPortal(app.db, req.user(), body));
  });
  app.patch('/portal/:id', async (req) => {
    const { id } = parse(idParams('portal'), req.params);
    return ok(await op.updatePortal(app.db, req.user(), id, parse(updatePortalBodySchema, req.body)));
  });
  app.post('/portal/:id/cover-page-template-settings/reset', async (req) => {
    const { id } = parse(idParams('portal'), req.params);
    const body = parse(resetCoverSettingsBodySchema, req.body);
    return ok(await op.resetCoverSettings(app.db, req.user(), id, { keys: body.template_setting_keys }));
  });
  app.post('/portal/:id/cover-page-template-asset/reset', async (req) => {
    const { id } = parse(idParams('portal'), req.params);
    const body = parse(resetCoverAssetBodySchema, req.body);
    return ok(await op.resetCoverSettings(app.db, req.user(), id, { assets: body.setting_ids }));
  });
  app.get('/portal/:id/token', async (req) => {
    const { id } = parse(idParams('portal'), req.params);
    return ok(await op.portalToken(app.db, req.user(), id));
  });
  app.post('/portal/:id/token', async (req) => {
    const { id } = parse(idParams('portal'), req.params);
    return ok(await op.regeneratePortalToken(app.db, req.user(), id));
  });
};
