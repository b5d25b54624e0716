import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressPage } from './compression.js';

const CSRF_META = /<meta name="csrf-token" content="[^"]*"\s*\/?>/;

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Serves the built web app: hashed files under /assets for a year, everything else through index.html
 * with the caller's CSRF token in <meta name="csrf-token"> (never stored: the token is the caller's). Files go
 * precompressed (brotli, gzip) when the client accepts it.
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined) {
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (distDir && template) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      allowedPath: (path) => path !== '/index.html',
      cacheControl: false,
      // The build writes <file>.br and <file>.gz beside each text file (apps/web/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  return async function renderApp(req: FastifyRequest, reply: FastifyReply) {
    if (!template) {
      return reply.status(404).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build`.');
    }
    const html = template.replace(CSRF_META, `<meta name="csrf-token" content="${escapeAttr(req.csrfToken ?? '')}" />`);
    reply.status(200).header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return reply.send(compressPage(req, reply, html));
  };
}
