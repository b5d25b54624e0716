import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The web app's policy: our own scripts only, no framing, no plugins. */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://www.gravatar.com",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers are data, never documents. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** User files are data: never sniffed, never scripted, never framed. */
export const USER_FILE_CSP = "default-src 'none'; sandbox";

export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header('content-security-policy', type.startsWith('text/html') ? APP_CSP : API_CSP);
    }
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
});
