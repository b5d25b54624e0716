import { type PresenceMember, projectChannel, type RealtimeAuthResponse, type RealtimeEvent, type RealtimeServerFrame } from '@emblem/core';
import { useEffect, useRef, useState } from 'react';
import { api } from './api';

/*
 * Realtime in the browser (decision 0047): one WebSocket per tab, opened while some screen listens, reconnected
 * with backoff. Channels asked for in one tick are signed by one POST /api/pusher/auth (data-api §4), then
 * subscribed over the socket. After a reconnection every channel is signed and subscribed again, and listeners
 * hear `resync`: messages sent meanwhile were missed, so screens refetch what they show.
 */

export type RealtimeMessage = { event: RealtimeEvent | 'resync'; data: Record<string, unknown> };
type Listener = (message: RealtimeMessage) => void;
type MembersListener = (members: PresenceMember[]) => void;

/** What the client needs of a WebSocket (the browser's, or a test's). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

export interface RealtimeOptions {
  open: () => SocketLike;
  authorize: (socketId: string, channels: string[]) => Promise<RealtimeAuthResponse>;
  /** Where refusals go (the console by default): they are reported, never thrown. */
  warn?: (message: string) => void;
}

const OPEN = 1;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** A socket no screen listens to any more closes after this while. */
const IDLE_CLOSE_MS = 5000;

interface Channel {
  listeners: Set<Listener>;
  membersListeners: Set<MembersListener>;
  members: Map<number, PresenceMember>;
  subscribed: boolean;
  /** The asset this tab views, told to a presence channel. */
  viewing: number | null;
}

/** §8: how a refused channel is reported. */
export const authFailure = (channel: string, status: number) => `Pusher auth failed for channel ${channel} with status ${status}`;

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private socketId: string | null = null;
  private readonly channels = new Map<string, Channel>();
  /** Channels waiting for the next auth request. */
  private readonly waiting = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private connectedBefore = false;

  constructor(private readonly options: RealtimeOptions) {}

  /** Listens to a channel's messages; answers the function that stops listening. */
  subscribe(name: string, listener: Listener): () => void {
    const channel = this.channel(name);
    channel.listeners.add(listener);
    return () => {
      channel.listeners.delete(listener);
      this.release(name);
    };
  }

  /** Follows a presence channel's members (the tab's own user among them). */
  watchMembers(name: string, listener: MembersListener): () => void {
    const channel = this.channel(name);
    channel.membersListeners.add(listener);
    if (channel.subscribed) listener([...channel.members.values()]);
    return () => {
      channel.membersListeners.delete(listener);
      this.release(name);
    };
  }

  /** Tells a presence channel which asset this tab shows (null: none). */
  setViewing(name: string, assetId: number | null) {
    const channel = this.channels.get(name);
    if (!channel || channel.viewing === assetId) return;
    channel.viewing = assetId;
    if (channel.subscribed) this.send({ type: 'viewing', channel: name, asset_id: assetId });
  }

  private channel(name: string): Channel {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { listeners: new Set(), membersListeners: new Set(), members: new Map(), subscribed: false, viewing: null };
      this.channels.set(name, channel);
      this.want(name);
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.connect();
    return channel;
  }

  private release(name: string) {
    const channel = this.channels.get(name);
    if (!channel || channel.listeners.size || channel.membersListeners.size) return;
    this.channels.delete(name);
    this.waiting.delete(name);
    if (channel.subscribed) this.send({ type: 'unsubscribe', channel: name });
    if (this.channels.size === 0 && !this.idleTimer) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.channels.size === 0) this.disconnect();
      }, IDLE_CLOSE_MS);
    }
  }

  /** Queues a channel for the auth request of this tick. */
  private want(name: string) {
    this.waiting.add(name);
    if (!this.socketId || this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, 0);
  }

  private async flush() {
    const socketId = this.socketId;
    const names = [...this.waiting].filter((n) => this.channels.has(n));
    this.waiting.clear();
    if (!socketId || names.length === 0) return;
    let answers: RealtimeAuthResponse;
    try {
      answers = await this.options.authorize(socketId, names);
    } catch (error) {
      const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
      for (const name of names) this.warn(authFailure(name, status));
      return;
    }
    // The socket may have been replaced meanwhile: its channels were asked for again.
    if (socketId !== this.socketId) return;
    for (const name of names) {
      const answer = answers[name];
      if (!this.channels.has(name)) continue;
      if (answer?.status !== 200) {
        this.warn(authFailure(name, answer?.status ?? 0));
        continue;
      }
      this.send({ type: 'subscribe', channel: name, auth: answer.auth, channel_data: answer.channel_data });
    }
  }

  private connect() {
    if (this.socket || this.retryTimer) return;
    const socket = this.options.open();
    this.socket = socket;
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      try {
        this.receive(JSON.parse(event.data) as RealtimeServerFrame);
      } catch {
        // not one of our frames
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.socketId = null;
      for (const channel of this.channels.values()) channel.subscribed = false;
      if (this.channels.size === 0) return;
      const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.failures++) * (0.75 + Math.random() / 2);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.channels.size) this.connect();
      }, delay);
    };
  }

  private disconnect() {
    const socket = this.socket;
    this.socket = null;
    this.socketId = null;
    this.connectedBefore = false;
    socket?.close();
  }

  private receive(frame: RealtimeServerFrame) {
    if (frame.type === 'connected') {
      this.socketId = frame.socket_id;
      this.failures = 0;
      for (const name of this.channels.keys()) this.want(name);
      if (this.connectedBefore)
        for (const channel of this.channels.values()) for (const l of channel.listeners) l({ event: 'resync', data: {} });
      this.connectedBefore = true;
      return;
    }
    if (frame.type === 'error' || frame.type === 'unsubscribed') return;
    const channel = this.channels.get(frame.channel);
    if (!channel) return;
    if (frame.type === 'subscribe_error') {
      this.warn(authFailure(frame.channel, frame.status));
    } else if (frame.type === 'subscribed') {
      channel.subscribed = true;
      channel.members = new Map((frame.members ?? []).map((m) => [m.user_id, m]));
      this.tellMembers(channel);
      if (channel.viewing !== null) this.send({ type: 'viewing', channel: frame.channel, asset_id: channel.viewing });
    } else if (frame.type === 'presence') {
      if (frame.member) channel.members.set(frame.user_id, frame.member);
      else channel.members.delete(frame.user_id);
      this.tellMembers(channel);
    } else {
      for (const listener of channel.listeners) listener({ event: frame.event, data: frame.data });
    }
  }

  private tellMembers(channel: Channel) {
    const members = [...channel.members.values()];
    for (const listener of channel.membersListeners) listener(members);
  }

  private send(frame: unknown) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private warn(message: string) {
    (this.options.warn ?? console.warn)(message);
  }
}

let shared: RealtimeClient | null | undefined;

/** The tab's one client, made on first use; null where realtime is off (unit tests of screens). */
export function sharedRealtime(): RealtimeClient | null {
  if (shared === undefined) {
    shared =
      typeof WebSocket === 'undefined'
        ? null
        : new RealtimeClient({
            open: () => new WebSocket(`${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/realtime`),
            authorize: (socketId, channels) =>
              api<RealtimeAuthResponse>('/api/pusher/auth', { method: 'POST', body: { socket_id: socketId, channel_name: channels } }),
          });
  }
  return shared;
}

/** Replaces the tab's client (null turns realtime off); for tests. */
export function setSharedRealtime(client: RealtimeClient | null) {
  shared = client;
}

/** Calls `onMessage` with each message of `channel` (null: none) while the component is mounted. */
export function useChannel(channel: string | null, onMessage: (message: RealtimeMessage) => void) {
  const latest = useRef(onMessage);
  latest.current = onMessage;
  useEffect(() => {
    const client = sharedRealtime();
    if (!channel || !client) return;
    return client.subscribe(channel, (message) => latest.current(message));
  }, [channel]);
}

/**
 * The members of a project's presence channel (this user included), telling it which asset this tab shows.
 * Empty while not subscribed.
 */
export function usePresence(projectId: number | null, assetId: number | null = null): PresenceMember[] {
  const [members, setMembers] = useState<PresenceMember[]>([]);
  const channel = projectId ? projectChannel(projectId) : null;
  useEffect(() => {
    const client = sharedRealtime();
    if (!channel || !client) return;
    const stop = client.watchMembers(channel, setMembers);
    return () => {
      stop();
      setMembers([]);
    };
  }, [channel]);
  useEffect(() => {
    const client = sharedRealtime();
    if (!channel || !client) return;
    client.setViewing(channel, assetId);
    return () => client.setViewing(channel, null);
  }, [channel, assetId]);
  return members;
}
