import { randomBytes, randomUUID } from 'node:crypto';
import {
  type PresenceMember,
  parseChannel,
  REALTIME_CHANNELS_MAX,
  type RealtimeServerFrame,
  realtimeClientFrameSchema,
} from '@emblem/core';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database, Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { joinPresence, leavePresence, presenceHeartbeat, presenceMembers, viewAsset } from './operations.js';
import { REALTIME_PG_CHANNEL, type WireMessage } from './publish.js';
import { verifySubscription } from './signature.js';

export interface HubTimings {
  /** How often this process renews its presence rows and removes expired ones. */
  heartbeatMs: number;
  /** Presence rows not renewed for this long belong to a process that stopped. */
  expireMs: number;
  /** How often each socket is pinged; one that has not answered the previous ping is closed. */
  pingMs: number;
}
const DEFAULT_TIMINGS: HubTimings = { heartbeatMs: 20_000, expireMs: 60_000, pingMs: 30_000 };

/** Frames one socket may send per window; a socket sending more is closed (1008), as each may write to the database. */
export const FRAMES_PER_WINDOW = 60;
const FRAME_WINDOW_MS = 10_000;

interface Connection {
  id: string;
  ws: WebSocket;
  userId: number;
  /** Subscribed channels, with the project of a presence channel. */
  channels: Map<string, number | null>;
  /** Frames are handled one after another, so `viewing` right after `subscribe` finds the subscription. */
  queue: Promise<void>;
  alive: boolean;
  /** Frames received in the current window, and when it started. */
  frames: number;
  windowStart: number;
}

/**
 * This process's end of realtime (decision 0047): its sockets and what they subscribed to, fed by PostgreSQL's
 * NOTIFY on `emblem_realtime`, never by another process's memory. Every process delivers each message to its own
 * sockets subscribed to the message's channel.
 */
export class RealtimeHub {
  readonly processId = randomUUID();
  private readonly sockets = new Map<string, Connection>();
  private readonly subscribers = new Map<string, Set<Connection>>();
  private stopListening: (() => Promise<void>) | null = null;
  private timers: NodeJS.Timeout[] = [];
  /** Presence news is read from the database in arrival order. */
  private presenceQueue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    private readonly log: FastifyBaseLogger,
    private readonly timings: HubTimings = DEFAULT_TIMINGS,
  ) {}

  async start(database: Database) {
    this.stopListening = await database.listen(
      REALTIME_PG_CHANNEL,
      (payload) => this.receive(payload),
      () => this.log.warn('realtime: listening again after the database connection was lost; messages sent meanwhile were missed'),
    );
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(() => {
        Promise.resolve(fn()).catch((err) => this.log.error({ err }, 'realtime timer failed'));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.timings.heartbeatMs, () => this.heartbeat());
    every(this.timings.pingMs, () => this.ping());
  }

  /** Closes the sockets, removes this process's presence and stops listening. */
  async stop() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    const open = [...this.sockets.values()];
    for (const conn of open) conn.ws.close(1001, 'Server stopping');
    await Promise.all(open.map((conn) => this.drop(conn)));
    await this.stopListening?.();
    this.stopListening = null;
  }

  /** Renews this process's presence rows and expires those of stopped processes. */
  heartbeat() {
    return presenceHeartbeat(this.db, this.processId, this.timings.expireMs);
  }

  /** A new socket of a signed-in user: its id goes out in the first frame. */
  connect(ws: WebSocket, actor: Actor) {
    const conn: Connection = {
      id: randomBytes(18).toString('base64url'),
      ws,
      userId: actor.userId,
      channels: new Map(),
      queue: Promise.resolve(),
      alive: true,
      frames: 0,
      windowStart: Date.now(),
    };
    this.sockets.set(conn.id, conn);
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('message', (raw, isBinary) => {
      if (this.overLimit(conn)) return;
      conn.queue = conn.queue.then(() => this.handle(conn, isBinary ? null : raw.toString()));
    });
    ws.on('close', () => {
      conn.queue = conn.queue.then(() => this.drop(conn));
    });
    ws.on('error', () => {});
    this.send(conn, { type: 'connected', socket_id: conn.id });
  }

  private overLimit(conn: Connection): boolean {
    const now = Date.now();
    if (now - conn.windowStart >= FRAME_WINDOW_MS) {
      conn.windowStart = now;
      conn.frames = 0;
    }
    if (++conn.frames <= FRAMES_PER_WINDOW) return false;
    if (conn.frames === FRAMES_PER_WINDOW + 1) conn.ws.close(1008, 'Too many frames');
    return true;
  }

  private send(conn: Connection, frame: RealtimeServerFrame) {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(frame));
  }

  private ping() {
    for (const conn of this.sockets.values()) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }

  private async handle(conn: Connection, text: string | null) {
    let json: unknown;
    try {
      json = text === null ? null : JSON.parse(text);
    } catch {
      json = null;
    }
    const parsed = realtimeClientFrameSchema.safeParse(json);
    if (!parsed.success) return this.send(conn, { type: 'error', message: 'Unreadable frame' });
    const frame = parsed.data;
    try {
      if (frame.type === 'subscribe') await this.subscribe(conn, frame.channel, frame.auth, frame.channel_data);
      else if (frame.type === 'unsubscribe') await this.unsubscribe(conn, frame.channel);
      else {
        const projectId = conn.channels.get(frame.channel);
        if (projectId) await viewAsset(this.db, conn.id, projectId, frame.asset_id);
        else this.send(conn, { type: 'error', message: `Not subscribed to ${frame.channel}` });
      }
    } catch (err) {
      this.log.error({ err }, 'realtime frame failed');
      this.send(conn, { type: 'error', message: 'Something went wrong' });
    }
  }

  private async subscribe(conn: Connection, name: string, auth: string, channelData: string | undefined) {
    const refuse = (status: number, message: string) => this.send(conn, { type: 'subscribe_error', channel: name, status, message });
    const channel = parseChannel(name);
    if (!channel) return refuse(404, 'No such channel');
    if (!conn.channels.has(name) && conn.channels.size >= REALTIME_CHANNELS_MAX)
      return refuse(429, `At most ${REALTIME_CHANNELS_MAX} channels per socket`);
    const presence = channel.kind === 'project';
    if (!verifySubscription(this.key, conn.id, name, auth, presence ? (channelData ?? '') : undefined))
      return refuse(401, 'Invalid signature');
    // The signature came from POST /api/pusher/auth for this socket; it must also name the socket's user.
    const userId = presence ? signedUserId(channelData) : channel.userId;
    if (userId !== conn.userId) return refuse(403, "Another user's channel");
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    conn.channels.set(name, presence ? channel.projectId : null);
    const set = this.subscribers.get(name) ?? new Set();
    this.subscribers.set(name, set.add(conn));
    if (!presence) return this.send(conn, { type: 'subscribed', channel: name });
    const members = await joinPresence(this.db, { socketId: conn.id, projectId: channel.projectId, processId: this.processId, userId });
    this.send(conn, { type: 'subscribed', channel: name, members });
  }

  private async unsubscribe(conn: Connection, name: string) {
    const projectId = conn.channels.get(name);
    if (projectId !== undefined) this.forget(conn, name);
    if (projectId) await leavePresence(this.db, conn.id, [projectId]);
    this.send(conn, { type: 'unsubscribed', channel: name });
  }

  private forget(conn: Connection, name: string) {
    conn.channels.delete(name);
    const set = this.subscribers.get(name);
    set?.delete(conn);
    if (set?.size === 0) this.subscribers.delete(name);
  }

  /** A socket closed: it leaves every channel, and its presence rows go. */
  private async drop(conn: Connection) {
    if (!this.sockets.delete(conn.id)) return;
    const hadPresence = [...conn.channels.values()].some((projectId) => projectId !== null);
    for (const name of [...conn.channels.keys()]) this.forget(conn, name);
    if (hadPresence) await leavePresence(this.db, conn.id).catch((err) => this.log.error({ err }, 'realtime: presence not removed'));
  }

  /** A NOTIFY payload from any process. */
  private receive(payload: string) {
    let message: WireMessage;
    try {
      message = JSON.parse(payload) as WireMessage;
    } catch {
      return;
    }
    const local = this.subscribers.get(message.channel);
    if (!local?.size) return;
    if (message.event !== 'presence') {
      for (const conn of local) this.send(conn, { type: 'event', channel: message.channel, event: message.event, data: message.data });
      return;
    }
    const channel = parseChannel(message.channel);
    const userId = message.data.user_id;
    if (channel?.kind !== 'project' || typeof userId !== 'number') return;
    this.presenceQueue = this.presenceQueue
      .then(async () => {
        const [member] = await presenceMembers(this.db, channel.projectId, [userId]);
        const frame: RealtimeServerFrame = { type: 'presence', channel: message.channel, user_id: userId, member: member ?? null };
        for (const conn of this.subscribers.get(message.channel) ?? []) this.send(conn, frame);
      })
      .catch((err) => this.log.error({ err }, 'realtime: presence not delivered'));
  }
}

/** The user id of a presence subscription's signed channel data (null when unreadable). */
function signedUserId(channelData: string | undefined): number | null {
  try {
    const data = JSON.parse(channelData ?? '') as Partial<PresenceMember>;
    return typeof data.user_id === 'number' ? data.user_id : null;
  } catch {
    return null;
  }
}
