import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '../../http/errors.js';
import { USER_FILE_CSP } from '../../http/security.js';
import { findSettingImageByToken } from './queries.js';

/**
 * `GET /media/image/{token}.webp`: setting images (avatars, key visuals, page backgrounds). Public, because the
 * sign-in and error pages show them to visitors; the 128-bit token is the credential. Immutable.
 */
export const settingImageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/media/image/:name', { config: { access: 'public' } }, async (req, reply) => {
    const { name } = req.params as { name: string };
    const match = /^([A-Za-z0-9_-]{22})\.webp$/.exec(name);
    const image = match?.[1] ? await findSettingImageByToken(app.db, match[1]) : null;
    const stat = image ? await app.storage.stat(image.storageKey) : null;
    if (!image || !stat) throw new NotFoundError();
    const etag = `"${image.token}"`;
    reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', USER_FILE_CSP)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag);
    if (req.headers['if-none-match']?.split(',').some((t) => t.trim() === etag)) return reply.status(304).send();
    reply.header('content-type', 'image/webp').header('content-length', String(stat.size));
    return reply.send(app.storage.read(image.storageKey));
  });
};
