import type { RealtimeAuthResponse } from '@emblem/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authFailure, RealtimeClient, type SocketLike } from './realtime';

/** A socket the test drives: it records what the client sends and delivers the frames the test pushes. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
  push(frame: unknown) {
    this.readyState = 1;
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

const SOCKET_ID = 'abcdefghijklmnopqrstuvwx';
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const settle = async () => {
  await tick();
  await tick();
};

function setup(answer: (channels: string[]) => RealtimeAuthResponse) {
  const sockets: FakeSocket[] = [];
  const authorize = vi.fn(async (_socketId: string, channels: string[]) => answer(channels));
  const warn = vi.fn();
  const client = new RealtimeClient({
    open: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    authorize,
    warn,
  });
  return { client, sockets, authorize, warn };
}

const signAll = (channels: string[]): RealtimeAuthResponse =>
  Object.fromEntries(channels.map((c) => [c, c === 'private-user-9' ? { status: 403, message: 'no' } : { status: 200, auth: `sig-${c}` }]));

describe('realtime client', () => {
  afterEach(() => vi.useRealTimers());

  it('signs every channel asked for in one tick with one auth request, and the next tick with another', async () => {
    const { client, sockets, authorize, warn } = setup(signAll);
    client.subscribe('private-user-1', () => {});
    client.subscribe('presence-project-2', () => {});
    client.watchMembers('presence-project-3', () => {});
    client.subscribe('private-user-9', () => {});
    expect(sockets).toHaveLength(1);
    // Nothing is signed before the socket has its id.
    await settle();
    expect(authorize).not.toHaveBeenCalled();
    sockets[0]!.push({ type: 'connected', socket_id: SOCKET_ID });
    await settle();
    expect(authorize).toHaveBeenCalledTimes(1);
    expect(authorize).toHaveBeenCalledWith(SOCKET_ID, ['private-user-1', 'presence-project-2', 'presence-project-3', 'private-user-9']);
    expect(sockets[0]!.sent.map((f) => f.channel)).toEqual(['private-user-1', 'presence-project-2', 'presence-project-3']);
    expect(warn).toHaveBeenCalledWith('Pusher auth failed for channel private-user-9 with status 403');

    client.subscribe('presence-project-4', () => {});
    client.subscribe('presence-project-5', () => {});
    await settle();
    expect(authorize).toHaveBeenCalledTimes(2);
    expect(authorize).toHaveBeenLastCalledWith(SOCKET_ID, ['presence-project-4', 'presence-project-5']);
  });

  it('reports a failed auth request for each channel without throwing', async () => {
    const { client, sockets, warn } = setup(() => {
      throw Object.assign(new Error('Status code 429'), { status: 429 });
    });
    client.subscribe('private-user-1', () => {});
    sockets[0]!.push({ type: 'connected', socket_id: SOCKET_ID });
    await settle();
    expect(warn).toHaveBeenCalledWith(authFailure('private-user-1', 429));
  });

  it('delivers messages and presence, and signs all channels again in one request after a reconnection', async () => {
    vi.useFakeTimers();
    const { client, sockets, authorize } = setup(signAll);
    const messages: unknown[] = [];
    const members: unknown[][] = [];
    client.subscribe('presence-project-2', (m) => messages.push(m));
    client.watchMembers('presence-project-2', (m) => members.push(m));
    client.subscribe('private-user-1', () => {});
    sockets[0]!.push({ type: 'connected', socket_id: SOCKET_ID });
    await vi.runOnlyPendingTimersAsync();
    const member = { user_id: 1, user_info: { name: 'Ann', avatar: null }, asset_ids: [] };
    sockets[0]!.push({ type: 'subscribed', channel: 'presence-project-2', members: [member] });
    client.setViewing('presence-project-2', 7);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'viewing', channel: 'presence-project-2', asset_id: 7 });
    sockets[0]!.push({ type: 'event', channel: 'presence-project-2', event: 'comment', data: { asset_id: 7, comment_id: 1 } });
    sockets[0]!.push({ type: 'presence', channel: 'presence-project-2', user_id: 1, member: null });
    expect(messages).toEqual([{ event: 'comment', data: { asset_id: 7, comment_id: 1 } }]);
    expect(members).toEqual([[member], []]);

    sockets[0]!.close();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.push({ type: 'connected', socket_id: 'zyxwvutsrqponmlkjihgfedc' });
    await vi.runOnlyPendingTimersAsync();
    expect(authorize).toHaveBeenCalledTimes(2);
    expect(authorize).toHaveBeenLastCalledWith('zyxwvutsrqponmlkjihgfedc', ['presence-project-2', 'private-user-1']);
    expect(messages.at(-1)).toEqual({ event: 'resync', data: {} });
    // Re-subscribed, the channel is told again which asset this tab shows.
    sockets[1]!.push({ type: 'subscribed', channel: 'presence-project-2', members: [] });
    expect(sockets[1]!.sent.at(-1)).toEqual({ type: 'viewing', channel: 'presence-project-2', asset_id: 7 });
  });
});
