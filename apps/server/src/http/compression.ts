import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { USER_FILE_CSP } from './security.js';

/** Answers smaller than this go as they are: compressing them saves nothing worth the time. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * What is never compressed on the fly: a part of a file (a range), and user files (downloads, previews, ZIPs: the
 * bytes people stored, sent as they are, with their length).
 */
function keepAsIs(reply: FastifyReply): boolean {
  return reply.statusCode === 206 || reply.hasHeader('content-range') || reply.getHeader('content-security-policy') === USER_FILE_CSP;
}

/**
 * On-the-fly compression of answers (JSON, HTML, text) above COMPRESS_THRESHOLD: brotli when the client accepts it,
 * else gzip, else none; `Vary: Accept-Encoding`. The built web app's files are compressed at build time and sent by
 * the static serving (web.ts). Request bodies are never decompressed (uploads stay byte for byte).
 */
export const compression = fp(async (app: FastifyInstance) => {
  // @fastify/compress skips a request that carries x-no-compression; its own onSend runs after this one.
  app.addHook('onSend', async (req, reply) => {
    if (keepAsIs(reply)) req.headers['x-no-compression'] = '1';
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
  });
});

/**
 * A page rendered by the not-found handler, which @fastify/compress does not hook: compressed here, by the same
 * rules (brotli, else gzip, above the threshold).
 */
export function compressPage(req: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  reply.header('vary', 'Accept-Encoding');
  const accepted = req.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ['br', 'gzip']) : null;
  if (!encoding || Buffer.byteLength(html) < COMPRESS_THRESHOLD) return html;
  reply.header('content-encoding', encoding);
  return encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(html);
}
