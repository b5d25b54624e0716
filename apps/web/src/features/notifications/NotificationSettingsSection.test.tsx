import { NOTIFICATION_TYPES, type NotificationSettings } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

const SLOW = { timeout: 10_000 };

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** A fake server whose switches follow the saves, like the real one. */
function server(start: Partial<NotificationSettings> = {}) {
  let state = {
    ...Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { in_app: true, email: true }])),
    ...start,
  } as NotificationSettings;
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/user/info': {
      data: {
        id: 1,
        name: 'Ada Admin',
        email: 'ada@example.com',
        email_verified_at: '2026-01-02T03:04:05.000Z',
        pending_email: null,
        language: 'en',
        avatar: null,
        gravatar_hash: 'abc',
        created_at: '2026-01-01T00:00:00.000Z',
        role: 'OWNER',
        organization: { id: 1, name: 'Acme Corp' },
        permissions: { analyticsDashboard: { canView: true } },
      },
    },
    'GET /api/notifications/unread-count': { data: { unread_count: 0 } },
    'GET /api/user/notification-settings': () => ({ data: state }),
    'PUT /api/user/notification-settings': ({ body }) => {
      const { i18n: _language, ...changed } = body as Record<string, unknown>;
      state = { ...state, ...(changed as Partial<NotificationSettings>) };
      return { data: state };
    },
  });
}

describe('notification switches on the profile', { timeout: 30_000 }, () => {
  it('has both switches per type, on by default, and saves one with the other kept', async () => {
    const { calls } = server();
    renderApp('/profile');
    const mentions = await screen.findByRole('group', { name: 'Mentions' }, SLOW);
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(
      expect.arrayContaining(['Mentions', 'Replies to my comments', 'Review requests', 'Review decisions', 'Assignments', 'Due dates']),
    );
    const email = within(mentions).getByRole('switch', { name: 'By e-mail' }) as HTMLInputElement;
    expect(email.checked).toBe(true);
    await userEvent.click(email);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/api/user/notification-settings', { mention: { in_app: true, email: false }, i18n: 'en' }],
      ]),
    );
    await waitFor(() => expect((within(mentions).getByRole('switch', { name: 'By e-mail' }) as HTMLInputElement).checked).toBe(false));
  });

  it('keeps the e-mail switch read-only while the type is off in Emblem', async () => {
    const { calls } = server({ due_date: { in_app: false, email: true } });
    renderApp('/profile');
    const due = await screen.findByRole('group', { name: 'Due dates' }, SLOW);
    expect(within(due).getByText('Turn on “In Emblem” to get these by e-mail.')).toBeTruthy();
    await userEvent.click(within(due).getByRole('switch', { name: /By e-mail/ }));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.click(within(due).getByRole('switch', { name: 'In Emblem' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ due_date: { in_app: true, email: true }, i18n: 'en' }]),
    );
    await waitFor(() => expect(within(due).queryByText('Turn on “In Emblem” to get these by e-mail.')).toBeNull());
  });
});
