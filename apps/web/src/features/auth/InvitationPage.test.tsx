import { PASSWORD_MIN_LENGTH } from '@emblem/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

const TOKEN = 'a'.repeat(32);

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('invitation page', () => {
  it('shows the invitation, checks the password length and signs in', async () => {
    let signedIn = false;
    const { calls } = fakeServer({
      'GET /api/auth/session': () => ({ data: signedIn ? sessionFor({ admin: false }) : ANONYMOUS }),
      [`GET /api/auth/invitation/${TOKEN}`]: { data: { email: 'new@example.com', account_name: 'Acme Corp' } },
      'POST /api/auth/invitation/accept': () => {
        signedIn = true;
        return { data: { user: { id: 3, name: 'New Person', email: 'new@example.com' }, csrfToken: 'tok' } };
      },
      'GET /api/brand': { data: [] },
    });
    const { router } = renderApp(`/auth/invitation/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Join Acme Corp on Emblem' })).toBeTruthy();
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('new@example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Your name/), 'New Person');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findByText(`Must be at least ${PASSWORD_MIN_LENGTH} characters`)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Password/), '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: TOKEN, name: 'New Person', password: 'short-and-longer' });
  });

  it('explains an invalid or used invitation', async () => {
    fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      [`GET /api/auth/invitation/${TOKEN}`]: { status: 404, body: { success: false, error: 'Not found' } },
    });
    renderApp(`/auth/invitation/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: "This invitation can't be used" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/auth');
  });
});
