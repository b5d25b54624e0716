import {
  shareVisitorAssetParamsSchema,
  shareVisitorDownloadQuerySchema,
  shareVisitorFolderParamsSchema,
  shareVisitorPageQuerySchema,
  shareVisitorZipQuerySchema,
} from '@emblem/core';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireShareVisit, unlockCookieReader } from '../../access/index.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import {
  contentDisposition,
  downloadDepsOf,
  openShareZip,
  prepareShareFile,
  sendOriginalFile,
  sendVariant,
  userFileHeaders,
  zipStream,
} from '../media/public.js';
import { tokenOf } from './routes.js';
import { visitAsset, visitAssets, visitFolder } from './visitor.js';
import { countShareDownload } from './visitor-queries.js';

/**
 * What visitors of a share link do (docs/api.md "Share links"), public and only under /api: the address token is
 * the credential (checked on every request with the unlock cookie, access/share-visitors.ts).
 */
export const shareVisitorContentRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const pub = { config: { access: 'public' as const } };
  const noHead = { ...pub, exposeHeadRoute: false };
  const deps = { db: app.db, secret: app.config.sessionSecret };
  const downloadDeps = downloadDepsOf(app);
  const visitOf = (req: FastifyRequest) => requireShareVisit(app.db, tokenOf(req), unlockCookieReader(req));

  app.get('/share-link/:token/folders/:folderId', pub, async (req, reply) => {
    const visit = await visitOf(req);
    const { folderId } = parse(shareVisitorFolderParamsSchema, req.params);
    reply.header('cache-control', 'private, no-store');
    return ok(await visitFolder(deps, visit, folderId, parse(shareVisitorPageQuerySchema, req.query)));
  });
  app.get('/share-link/:token/assets', pub, async (req, reply) => {
    const visit = await visitOf(req);
    reply.header('cache-control', 'private, no-store');
    return ok(await visitAssets(deps, visit, parse(shareVisitorPageQuerySchema, req.query)));
  });
  app.get('/share-link/:token/assets/:assetId', pub, async (req, reply) => {
    const visit = await visitOf(req);
    const { assetId } = parse(shareVisitorAssetParamsSchema, req.params);
    reply.header('cache-control', 'private, no-store');
    return ok(await visitAsset(deps, visit, assetId));
  });
  app.get('/share-link/:token/assets/:assetId/download', noHead, async (req, reply) => {
    const visit = await visitOf(req);
    const { assetId } = parse(shareVisitorAssetParamsSchema, req.params);
    const { kind } = parse(shareVisitorDownloadQuerySchema, req.query);
    const download = await prepareShareFile(downloadDeps, visit, assetId, kind);
    await countShareDownload(app.db, visit.link.id);
    userFileHeaders(reply);
    reply.header('content-disposition', contentDisposition(download.fileName)).header('cache-control', 'private, no-store');
    if (download.kind === 'variant') return sendVariant(reply, download.variant);
    return sendOriginalFile(app.storage, req, reply, download);
  });
  app.get('/share-link/:token/download.zip', noHead, async (req, reply) => {
    const visit = await visitOf(req);
    const { folder_id } = parse(shareVisitorZipQuerySchema, req.query);
    const { name, entries } = await openShareZip({ db: app.db }, visit, folder_id);
    await countShareDownload(app.db, visit.link.id);
    const { stream, size } = zipStream(app.storage, entries);
    const total = await size;
    userFileHeaders(reply);
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(`${name}.zip`))
      .header('cache-control', 'private, no-store');
    if (total > 0) reply.header('content-length', String(total));
    return reply.send(stream);
  });
};
