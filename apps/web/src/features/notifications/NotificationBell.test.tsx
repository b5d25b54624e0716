import type { NotificationPage, NotificationResponse } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import { invalidateNotifications } from './api';

/** The machine running the tests may be busy: the first answer of a page can take seconds. */
const SLOW = { timeout: 10_000 };

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function notification(id: number, overrides: Partial<NotificationResponse> = {}): NotificationResponse {
  return {
    id,
    type: 'mention',
    created_at: '2026-11-24T10:00:00.000Z',
    read_at: null,
    actor: { id: 7, name: 'Bo Brand' },
    project: { id: 5, name: 'Media', brand_id: 2 },
    asset: { id: 40 + id, title: `Logo ${id}` },
    comment_id: 90 + id,
    request_id: null,
    data: {},
    link: `/brands/2/projects/5/assets/${40 + id}`,
    ...overrides,
  };
}

const page = (notifications: NotificationResponse[], next: string | null = null): NotificationPage => ({
  notifications,
  next_cursor: next,
  unread_count: notifications.filter((n) => n.read_at === null).length,
});

function server(routes: Record<string, FakeHandler>) {
  return fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/brand': { data: [] }, ...routes });
}

describe('notification bell and centre', { timeout: 30_000 }, () => {
  it('names the unread count, lists the latest with unread marked, and marks all as read', async () => {
    let unread = 2;
    const { calls } = server({
      'GET /api/notifications/unread-count': () => ({ data: { unread_count: unread } }),
      'GET /api/notifications?limit=10': () => ({
        data: page([
          notification(2, unread ? {} : { read_at: '2026-11-24T11:00:00.000Z' }),
          notification(1, { type: 'comment_reply', read_at: unread === 2 ? null : '2026-11-24T11:00:00.000Z' }),
        ]),
      }),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return { data: { marked: 2, unread_count: 0 } };
      },
    });
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' }, SLOW);
    await userEvent.click(bell);
    const centre = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(centre).findAllByRole('listitem', {}, SLOW);
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Unread: Bo Brand mentioned you on Logo 2Media'),
      expect.stringContaining('Unread: Bo Brand replied to a comment of yours on Logo 1Media'),
    ]);
    await userEvent.click(within(centre).getByRole('button', { name: 'Mark all as read' }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/notifications/read-all']);
    await waitFor(() => expect(within(centre).queryByText(/Unread:/)).toBeNull());
    await waitFor(() =>
      expect((within(centre).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true),
    );
    // Closed by a click outside, the bell says nothing is unread.
    await userEvent.click(document.querySelector('main') as HTMLElement);
    await screen.findByRole('button', { name: 'Notifications' }, SLOW);
  });

  it('opens an item’s asset and marks it read on the way, with the keyboard', async () => {
    const { calls } = server({
      'GET /api/notifications/unread-count': { data: { unread_count: 1 } },
      'GET /api/notifications?limit=10': { data: page([notification(3)]) },
      'PUT /api/notification/3/read': { data: notification(3, { read_at: '2026-11-24T11:00:00.000Z' }) },
    });
    const { router } = renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, SLOW);
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const centre = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(centre).findByRole('link', { name: /Bo Brand mentioned you on Logo 3/ }, SLOW);
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/2/projects/5/assets/43'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/notification/3/read', body: { read: true } }),
    );
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });

  it('says there is nothing to catch up on, and refetches the count when told to', async () => {
    let unread = 0;
    const { calls } = server({
      'GET /api/notifications/unread-count': () => ({ data: { unread_count: unread } }),
      'GET /api/notifications?limit=10': { data: page([]) },
    });
    const { queryClient } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }, SLOW));
    const centre = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(centre).findByRole('heading', { name: "You're all caught up" }, SLOW);
    unread = 4;
    const before = calls.filter((c) => c.path === '/api/notifications/unread-count').length;
    await invalidateNotifications(queryClient);
    expect(calls.filter((c) => c.path === '/api/notifications/unread-count').length).toBeGreaterThan(before);
    await userEvent.keyboard('{Escape}');
    await screen.findByRole('button', { name: 'Notifications, 4 unread' }, SLOW);
  });
});

describe('notifications page', { timeout: 30_000 }, () => {
  it('loads more with the cursor, filters to the unread, and marks one unread again', async () => {
    const read = { read_at: '2026-11-24T11:00:00.000Z' };
    const { calls } = server({
      'GET /api/notifications/unread-count': { data: { unread_count: 1 } },
      'GET /api/notifications?limit=20': { data: page([notification(9), notification(8, read)], '8') },
      'GET /api/notifications?limit=20&cursor=8': { data: page([notification(7, { ...read, type: 'assignment' })]) },
      'GET /api/notifications?limit=20&unread=true': { data: page([notification(9)]) },
      'PUT /api/notification/8/read': { data: notification(8) },
    });
    renderApp('/notifications');
    await screen.findByRole('heading', { level: 1, name: 'Notifications' });
    await screen.findByText('Bo Brand mentioned you on Logo 9', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Bo Brand assigned Logo 7 to you', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    const row8 = screen.getByText('Bo Brand mentioned you on Logo 8').closest('li') as HTMLElement;
    await userEvent.click(within(row8).getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/notification/8/read', body: { read: false } }),
    );

    await userEvent.click(screen.getByRole('radio', { name: 'Unread only' }));
    await waitFor(() => expect(screen.queryByText('Bo Brand assigned Logo 7 to you')).toBeNull());
    await screen.findByText('Bo Brand mentioned you on Logo 9', {}, SLOW);
    expect(calls.some((c) => c.path === '/api/notifications?limit=20&unread=true')).toBe(true);
  });
});
