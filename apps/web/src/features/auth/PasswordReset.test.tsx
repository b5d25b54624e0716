import { defaultLoginPageSettings, PASSWORD_MIN_LENGTH } from '@emblem/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, acceptCookies, fakeServer, renderApp } from '../../test/utils';

const TOKEN = 'r'.repeat(43);
const USED = 'This password reset link was already used. Ask for a new one with "Forgot password?" on the sign-in page.';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const signInPage = { 'GET /api/login-page': { data: { settings: defaultLoginPageSettings() } } };

describe('forgot password', () => {
  it('links from the sign-in page, carrying the address typed there, and says a link is on its way', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      ...signInPage,
      'POST /api/auth/password-reset': { data: {} },
    });
    const { router } = renderApp('/auth');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^E-mail/, {}, { timeout: 10_000 }), 'ada@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/password-reset'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    const email = screen.getByLabelText(/^E-mail/) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    await waitFor(() => expect(document.title).toBe('Forgot password · Emblem'));

    await user.clear(email);
    await user.type(email, ' Ada@Example.COM ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeTruthy();
    expect(
      screen.getByText(
        'If ada@example.com belongs to an Emblem account, a link to choose a new password is on its way. It works once, for one hour.',
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe('/auth');
  });

  it('checks the address before sending and shows the rate limit with the minutes to wait', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'POST /api/auth/password-reset': {
        status: 429,
        headers: { 'Retry-After': '1500' },
        body: { success: false, error: 'Too many password reset requests. Try again later.', errors: {} },
      },
    });
    renderApp('/auth/password-reset');
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^E-mail/, {}, { timeout: 10_000 });
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Must be a valid e-mail address')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many reset requests. Wait 25 minutes and try again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).toBeNull();
  });
});

describe('choosing a new password', () => {
  it('follows the sign-up rules, asks twice, then sends the person to sign in with the address filled in', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      ...signInPage,
      'POST /api/auth/password-reset/confirm': { data: { email: 'ada@example.com' } },
    });
    const { router } = renderApp(`/auth/password-reset/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }, { timeout: 10_000 })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(`Must be at least ${PASSWORD_MIN_LENGTH} characters`)).toBeTruthy();

    await user.type(screen.getByLabelText(/^New password/), '-but-longer');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Repeat the new password/), '-but-longer');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: TOKEN, password: 'short-but-longer' });
    expect(
      await screen.findByText('Your password was changed and you were signed out everywhere. Sign in with your new password.'),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('explains a used, expired or unknown link with the server’s message and offers a new one', async () => {
    fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'POST /api/auth/password-reset/confirm': { status: 400, body: { success: false, error: USED, errors: {} } },
    });
    const { router } = renderApp(`/auth/password-reset/${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/, {}, { timeout: 10_000 }), 'a-long-new-password');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(USED);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/password-reset'));
  });
});
