import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { languageName } from '../../lib/languages';
import type { Session } from '../../lib/session';
import { ANONYMOUS, acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { UserInfo } from './api';

const PATH = '/profile';

function info(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
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
    ...overrides,
  };
}

/** A fake server whose user follows the profile calls, like the real one. */
function server(overrides: Record<string, FakeHandler> = {}, start: Partial<UserInfo> = {}) {
  let state = info(start);
  const session = (): Session => {
    const s = sessionFor();
    return { ...s, user: s.user ? { ...s.user, name: state.name ?? '', email: state.email, avatar: state.avatar } : null };
  };
  return fakeServer({
    'GET /api/auth/session': () => ({ data: session() }),
    'GET /api/user/info': () => ({ data: state }),
    'PUT /api/user/profile': ({ body }) => {
      const b = body as { name?: string; language?: string };
      state = { ...state, ...(b.name !== undefined ? { name: b.name.trim() } : {}), ...(b.language ? { language: b.language } : {}) };
      return { data: state };
    },
    'POST /api/user/1/email-verification': ({ body }) => {
      const email = (body as { email: string }).email.toLowerCase();
      const change = email !== state.email;
      if (change) state = { ...state, pending_email: email };
      return { data: { email, change, expires_at: '2026-01-03T00:00:00.000Z' } };
    },
    'PUT /api/user/password': { data: { revoked_sessions: 2 } },
    ...overrides,
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('profile', () => {
  it('is reached from the account menu and shows name, language, picture, e-mail and password', async () => {
    server();
    const { router } = renderApp('/usage/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'Your profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Your profile · Emblem'));
    expect(screen.getByRole('button', { name: /Name Ada Admin/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Language/ }).textContent).toContain('English');
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'E-mail address' }) as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });

  it('needs a session: signed out goes to sign-in', async () => {
    fakeServer({ 'GET /api/auth/session': { data: ANONYMOUS } });
    const { router } = renderApp(PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('renames inline with PUT /api/user/profile; the header shows the new name', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Name Ada Admin/ }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, 'Ada Lovelace{Enter}');
    expect(await screen.findByRole('button', { name: /Name Ada Lovelace/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/user/profile', { name: 'Ada Lovelace', i18n: 'en' }],
    ]);
    const header = screen.getByRole('banner');
    await waitFor(() => expect(within(header).getByText('Ada Lovelace')).toBeTruthy());
  });

  it('refuses an empty name before sending it', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Name Ada Admin/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('chooses the language from the list, each named in itself, and saves it at once', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Language/ }));
    const options = await screen.findAllByRole('option');
    // The default languages; the rollout ones (Italiano…) need the account's I18N_ROLLOUT flag.
    expect(options.map((o) => o.textContent).sort()).toEqual(['Deutsch', 'English', 'Español', 'Français']);
    await user.click(screen.getByRole('option', { name: 'Deutsch' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/api/user/profile', { language: 'de', i18n: 'en' }],
      ]),
    );
    expect(languageName('fr')).toBe('Français');
  });

  it('an e-mail change asks for the verification, then shows the address waiting for its link', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'E-mail address' });
    await user.clear(field);
    await user.type(field, 'Ada.New@example.com');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your new e-mail address' });
    expect(dialog.textContent).toContain('Ada.New@example.com');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/user/1/email-verification', { email: 'Ada.New@example.com', i18n: 'en' }],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(
      screen.getByText('We sent a link to ada.new@example.com. Until you open it, you keep signing in with ada@example.com.'),
    ).toBeTruthy();
    // The new address is not verified yet: its link can be sent again.
    await user.click(screen.getByRole('button', { name: 'Verify e-mail address' }));
    expect(await screen.findByRole('dialog', { name: 'Verify your e-mail address' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)[1]).toEqual({ email: 'Ada.New@example.com', i18n: 'en' });
  });

  it('shows a change that waits for its link, with the verify button for it', async () => {
    server({}, { pending_email: 'later@example.com' });
    renderApp(PATH);
    const field = await screen.findByRole('textbox', { name: 'E-mail address' });
    expect((field as HTMLInputElement).value).toBe('later@example.com');
    expect(screen.getByRole('button', { name: 'Verify e-mail address' })).toBeTruthy();
    expect(
      screen.getByText('We sent a link to later@example.com. Until you open it, you keep signing in with ada@example.com.'),
    ).toBeTruthy();
  });

  it('a refused e-mail change shows the server’s message in the error dialog and resets the field', async () => {
    server({
      'POST /api/user/1/email-verification': {
        status: 409,
        body: { success: false, error: 'This e-mail address is used by another user', errors: { email: ['Is used by another user'] } },
      },
    });
    renderApp(PATH);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'E-mail address' });
    await user.clear(field);
    await user.type(field, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog.textContent).toContain('This e-mail address is used by another user');
    expect((field as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('changes the password with PUT /api/user/password; a wrong current password shows under it and clears it', async () => {
    let wrong = true;
    const { calls } = server({
      'PUT /api/user/password': () =>
        wrong
          ? {
              status: 400,
              body: { success: false, error: 'The current password is wrong', errors: { password: ['The current password is wrong'] } },
            }
          : { data: { revoked_sessions: 1 } },
    });
    renderApp(PATH);
    const user = userEvent.setup();
    const current = (await screen.findByLabelText('Current password')) as HTMLInputElement;
    await user.type(current, 'not-it-at-all');
    await user.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
    expect(current.value).toBe('');
    expect(current.getAttribute('aria-invalid')).toBe('true');

    wrong = false;
    await user.type(current, 'the-right-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { password: 'not-it-at-all', password_new: 'a-brand-new-password', i18n: 'en' },
      { password: 'the-right-password', password_new: 'a-brand-new-password', i18n: 'en' },
    ]);
  });
});
