import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('e-mail verification landing page', () => {
  it('sends the token once and shows the verified address, with the way to sign in', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'POST /api/user/email-verification': {
        data: { user_id: 1, email: 'ada.new@example.com', email_verified_at: '2026-01-02T00:00:00.000Z' },
      },
    });
    renderApp(`/user-email-verification?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is verified' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('From now on you sign in with ada.new@example.com, and Emblem writes to it.');
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/auth');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/user/email-verification', { email_verification_token: TOKEN }],
    ]);
    await waitFor(() => expect(document.title).toBe('E-mail verification · Emblem'));
  });

  it('signed in, leads on to the profile', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor({ admin: false }) },
      'POST /api/user/email-verification': {
        data: { user_id: 1, email: 'ada@example.com', email_verified_at: '2026-01-02T00:00:00.000Z' },
      },
    });
    renderApp(`/user-email-verification?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is verified' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/profile');
  });

  it.each([
    [400, 'This verification link has expired. Request a new one from your profile.'],
    [400, 'This verification link was already used.'],
    [404, 'This verification link is not valid. Request a new one from your profile.'],
    [409, 'This e-mail address is used by another user'],
  ])('shows the refusal of the server (%i: %s)', async (status, error) => {
    fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'POST /api/user/email-verification': { status, body: { success: false, error, errors: {} } },
    });
    renderApp(`/user-email-verification?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByText(error)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toBeTruthy();
  });

  it('a link without its token explains itself and sends nothing', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/session': { data: ANONYMOUS } });
    renderApp('/user-email-verification');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByText(/The link is incomplete/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
