import {
  assetMetadataBodySchema,
  createMetadataPropertyBodySchema,
  idParams,
  metadataPropertiesQuerySchema,
  metadataSelectionBodySchema,
  moveMetadataPropertyBodySchema,
  updateMetadataPropertyBodySchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/** Custom metadata (docs/api.md "Custom metadata", decision 0040): under /api and /v1. */
export const metadataRoutes: FastifyPluginAsync = async (app) => {
  app.get('/brand/:id/custom-metadata-properties', async (req) => {
    const { id } = parse(idParams('brand'), req.params);
    return ok(await op.listProperties(app.db, req.user(), id, parse(metadataPropertiesQuerySchema, req.query)));
  });
  app.post('/brand/:id/custom-metadata-properties', async (req, reply) => {
    const { id } = parse(idParams('brand'), req.params);
    const property = await op.createProperty(app.db, req.user(), id, parse(createMetadataPropertyBodySchema, req.body));
    reply.status(201);
    return ok(property);
  });
  app.patch('/custom-metadata-property/:id', async (req) => {
    const { id } = parse(idParams('custom_metadata_property'), req.params);
    return ok(await op.updateProperty(app.db, req.user(), id, parse(updateMetadataPropertyBodySchema, req.body)));
  });
  app.delete('/custom-metadata-property/:id', async (req) => {
    const { id } = parse(idParams('custom_metadata_property'), req.params);
    return ok(await op.deleteProperty(app.db, req.user(), id));
  });
  app.post('/custom-metadata-property/:id/move', async (req) => {
    const { id } = parse(idParams('custom_metadata_property'), req.params);
    return ok(await op.moveProperty(app.db, req.user(), id, parse(moveMetadataPropertyBodySchema, req.body)));
  });
  app.post('/asset/custom-metadata', async (req) =>
    ok(await op.changeAssetValues(app.db, req.user(), parse(assetMetadataBodySchema, req.body))),
  );
  app.post('/asset/custom-metadata/selection', async (req) =>
    ok(await op.metadataSelection(app.db, req.user(), parse(metadataSelectionBodySchema, req.body))),
  );
};
