import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { RealtimeHub } from './hub.js';
import { realtimeKey } from './signature.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's realtime sockets, fed by PostgreSQL NOTIFY (modules/realtime/hub.ts). */
    realtime: RealtimeHub;
  }
}

/** Largest frame a client may send (subscriptions and viewing news are small). */
const MAX_FRAME_BYTES = 16 * 1024;

/**
 * WebSocket support for the whole server and this process's realtime hub, listening from start-up until the
 * server closes. Registered once in app.ts, before the modules' routes.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const hub = new RealtimeHub(app.db, realtimeKey(app.config.sessionSecret), app.log.child({ component: 'realtime' }));
  await hub.start(opts.database);
  app.decorate('realtime', hub);
  app.addHook('onClose', () => hub.stop());
});
