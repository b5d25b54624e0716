import type { RealtimeServerFrame } from '@emblem/core';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { Client, Json } from './harness.js';

/** How long a test waits for a frame before failing: generous, never a timing assertion. */
const WAIT_MS = 10_000;

type Waiter = { match: (f: RealtimeServerFrame) => boolean; resolve: (f: RealtimeServerFrame) => void };

/** A realtime socket of a signed-in client, recording every frame it receives. */
export class TestSocket {
  readonly frames: RealtimeServerFrame[] = [];
  private waiters: Waiter[] = [];
  socketId = '';

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as RealtimeServerFrame;
      this.frames.push(frame);
      for (const w of [...this.waiters])
        if (w.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
    });
  }

  /** Opens `/api/realtime` (or `path`) with the client's cookie and waits for its socket id. */
  static async open(client: Client, opts: { path?: string; headers?: Record<string, string> } = {}): Promise<TestSocket> {
    const headers: Record<string, string> = { ...opts.headers };
    if (client.cookie) headers.cookie = client.cookie;
    if (client.opts.bearer) headers.authorization = `Bearer ${client.opts.bearer}`;
    const ws = new WebSocket(`${client.base.replace(/^http/, 'ws')}${opts.path ?? '/api/realtime'}`, { headers });
    const socket = new TestSocket(ws);
    const connected = socket.next((f) => f.type === 'connected');
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const frame = await connected;
    if (frame.type === 'connected') socket.socketId = frame.socket_id;
    return socket;
  }

  /** The HTTP status that refused opening a socket (the test fails if it opened). */
  static async refusal(client: Client, opts: { path?: string; headers?: Record<string, string> } = {}): Promise<number> {
    const headers: Record<string, string> = { ...opts.headers };
    if (client.cookie) headers.cookie = client.cookie;
    const ws = new WebSocket(`${client.base.replace(/^http/, 'ws')}${opts.path ?? '/api/realtime'}`, { headers });
    return new Promise((resolve, reject) => {
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.once('open', () => {
        ws.close();
        reject(new Error('the socket opened'));
      });
      ws.once('error', () => {});
    });
  }

  /** The first frame, received already or later, that matches (fails after a generous wait). */
  next(match: (f: RealtimeServerFrame) => boolean, what = 'a frame'): Promise<RealtimeServerFrame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { match, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        if (!this.waiters.includes(waiter)) return;
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${what} within ${WAIT_MS} ms; received ${JSON.stringify(this.frames)}`));
      }, WAIT_MS);
    });
  }

  /** The next event frame of `event` on `channel` whose data matches. */
  event(channel: string, event: string, data: Record<string, unknown>) {
    return this.next(
      (f) =>
        f.type === 'event' &&
        f.channel === channel &&
        f.event === event &&
        JSON.stringify({ ...f.data, ...data }) === JSON.stringify(f.data),
      `${event} ${JSON.stringify(data)} on ${channel}`,
    );
  }

  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame));
  }

  /** Sends a subscribe frame and waits for the answer to it. */
  async subscribeWith(channel: string, auth: string, channelData?: string) {
    const before = this.frames.length;
    this.send({ type: 'subscribe', channel, auth, channel_data: channelData });
    return this.next(
      (f) => this.frames.indexOf(f) >= before && (f.type === 'subscribed' || f.type === 'subscribe_error') && f.channel === channel,
      `the answer to subscribing to ${channel}`,
    );
  }

  /** Asks the client's POST /api/pusher/auth for the channel, then subscribes; answers the `subscribed` frame. */
  async subscribe(client: Client, channel: string) {
    const res = await client.post(client.opts.bearer ? '/v1/pusher/auth' : '/api/pusher/auth', {
      socket_id: this.socketId,
      channel_name: [channel],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body.data[channel];
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    const frame = await this.subscribeWith(channel, answer.auth, answer.channel_data);
    expect(frame.type, JSON.stringify(frame)).toBe('subscribed');
    return frame;
  }

  close() {
    this.ws.close();
  }
}

/** The answer to opening a socket with the client's credentials: 101 when it opened (then closed), else the refusal's status. */
export async function socketAnswer(client: Client): Promise<Json> {
  const headers: Record<string, string> = {};
  if (client.cookie) headers.cookie = client.cookie;
  if (client.opts.bearer) headers.authorization = `Bearer ${client.opts.bearer}`;
  const ws = new WebSocket(`${client.base.replace(/^http/, 'ws')}${client.opts.prefix ?? '/api'}/realtime`, { headers });
  const status = await new Promise<number>((resolve) => {
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('error', () => resolve(0));
  });
  return { status, headers: new Headers(), body: null };
}

/**
 * POST /api/pusher/auth for one channel, answering that channel's status as the response's (the request itself
 * answers 200 to every signed-in caller): the authorisation matrix's cells read the decision per channel.
 */
export async function channelAnswer(client: Client, channel: string): Promise<Json> {
  const res = await client.post('/pusher/auth', { socket_id: 'MatrixMatrixMatrixMatrix', channel_name: [channel] });
  return res.status === 200 ? { ...res, status: res.body.data[channel].status } : res;
}
