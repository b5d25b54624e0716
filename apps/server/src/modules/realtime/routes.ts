import { realtimeAuthBodySchema, realtimeAuthInput } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { sameOrigin } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { ForbiddenError } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { authorizeChannels } from './operations.js';
import { realtimeKey } from './signature.js';

/** The largest form body of an auth request (100 channel names fit many times over). */
const FORM_LIMIT = 64 * 1024;

/** Realtime (docs/api.md "Realtime"; decision 0047): the socket and the channel auth, under /api and /v1. */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  const key = realtimeKey(app.config.sessionSecret);

  // Pusher clients post a form; this route alone accepts one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    done(null, realtimeAuthInput(new URLSearchParams(body as string)));
  });

  app.post('/pusher/auth', async (req) => {
    const body = parse(realtimeAuthBodySchema, req.body);
    return ok(await authorizeChannels(app.db, req.user(), key, body));
  });

  app.get(
    '/realtime',
    {
      websocket: true,
      // A page of another site may open a socket with the user's cookie; only this site's pages may (tokens need none).
      preHandler: async (req) => {
        const origin = req.headers.origin;
        if (req.actor?.via === 'session' && origin && !sameOrigin(origin, req, app.config)) throw new ForbiddenError('Invalid origin');
      },
    },
    (socket, req) => {
      app.realtime.connect(socket, req.user());
    },
  );
};
