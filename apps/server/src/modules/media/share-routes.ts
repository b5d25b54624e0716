import {
  shareTokenParamsSchema,
  shareVisitorAssetParamsSchema,
  shareVisitorDownloadQuerySchema,
  shareVisitorZipQuerySchema,
} from '@emblem/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { GONE, requireShareVisit, unlockCookieReader } from '../../access/index.js';
import { NotFoundError } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { contentDisposition } from './downloads.js';
import { countShareDownload } from './queries.js';
import { downloadDepsOf, sendOriginalFile, sendVariant, sendZip, userFileHeaders } from './routes.js';
import { openShareZip, prepareShareFile, type ShareConsent } from './share-downloads.js';

/**
 * Share-link visitors' downloads (docs/api.md "Share links"), public and only under /api: the address token is the
 * credential, checked on every request with the unlock cookie (access/share-visitors.ts).
 */
export const shareDownloadRoutes: FastifyPluginAsync = async (app) => {
  const noHead = { config: { access: 'public' as const }, exposeHeadRoute: false };
  const deps = downloadDepsOf(app);
  const visitOf = (req: FastifyRequest) => {
    const parsed = shareTokenParamsSchema.safeParse({ token: (req.params as { token?: unknown }).token });
    if (!parsed.success) throw new NotFoundError(GONE);
    return requireShareVisit(app.db, parsed.data.token, unlockCookieReader(req));
  };
  const consentOf = (req: FastifyRequest, token: string | undefined): ShareConsent => ({
    secret: app.config.sessionSecret,
    ip: req.ip ?? 'unknown',
    token,
  });
  app.get('/share-link/:token/assets/:assetId/download', noHead, async (req, reply) => {
    const visit = await visitOf(req);
    const { assetId } = parse(shareVisitorAssetParamsSchema, req.params);
    const { kind, consent } = parse(shareVisitorDownloadQuerySchema, req.query);
    const download = await prepareShareFile(deps, visit, assetId, kind, consentOf(req, consent));
    await countShareDownload(app.db, visit.link.id);
    userFileHeaders(reply);
    reply.header('content-disposition', contentDisposition(download.fileName)).header('cache-control', 'private, no-store');
    if (download.kind === 'variant') return sendVariant(reply, download.variant);
    return sendOriginalFile(app.storage, req, reply, download);
  });
  app.get('/share-link/:token/download.zip', noHead, async (req, reply) => {
    const visit = await visitOf(req);
    const { folder_id, consent } = parse(shareVisitorZipQuerySchema, req.query);
    const { name, entries } = await openShareZip({ db: app.db }, visit, folder_id, consentOf(req, consent));
    await countShareDownload(app.db, visit.link.id);
    return sendZip(app.storage, reply, name, entries, 'private, no-store');
  });
};
