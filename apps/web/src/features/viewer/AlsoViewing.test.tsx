import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { RealtimeClient, type SocketLike, setSharedRealtime } from '../../lib/realtime';
import { sessionQueryKey } from '../../lib/session';
import { sessionFor } from '../../test/utils';
import { AlsoViewing } from './AlsoViewing';

class FakeSocket implements SocketLike {
  readyState = 1;
  sent: Record<string, unknown>[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  push(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

const member = (user_id: number, name: string, asset_ids: number[]) => ({ user_id, user_info: { name, avatar: null }, asset_ids });

describe('AlsoViewing', () => {
  afterEach(() => setSharedRealtime(null));

  it('shows the avatars of the other people viewing this asset, not oneself nor those on other assets', async () => {
    const socket = new FakeSocket();
    setSharedRealtime(new RealtimeClient({ open: () => socket, authorize: async () => ({}) }));
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, sessionFor());
    render(
      <QueryClientProvider client={queryClient}>
        <AlsoViewing projectId={3} assetId={5} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    act(() =>
      socket.push({
        type: 'subscribed',
        channel: 'presence-project-3',
        members: [member(1, 'Ada Admin', [5]), member(2, 'Bea Brand', [5]), member(4, 'Cy Copy', [6])],
      }),
    );
    const group = screen.getByRole('region', { name: 'Also viewing: Bea Brand' });
    expect(within(group).getAllByRole('listitem')).toHaveLength(1);
    expect(group.textContent).toContain('BB');
    // This tab told the channel which asset it shows.
    expect(socket.sent).toContainEqual({ type: 'viewing', channel: 'presence-project-3', asset_id: 5 });

    act(() => socket.push({ type: 'presence', channel: 'presence-project-3', user_id: 4, member: member(4, 'Cy Copy', [5, 6]) }));
    expect(screen.getByRole('region', { name: 'Also viewing: Bea Brand, Cy Copy' })).toBeTruthy();
    act(() => socket.push({ type: 'presence', channel: 'presence-project-3', user_id: 2, member: null }));
    act(() => socket.push({ type: 'presence', channel: 'presence-project-3', user_id: 4, member: null }));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
