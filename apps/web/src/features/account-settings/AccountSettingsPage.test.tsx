import { FEATURE_FLAGS, SWITCHABLE_FEATURE_FLAGS } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../lib/session';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { Account } from './api';

const PATH = '/settings/account';

function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    name: 'Acme Corp',
    plan: 'PRO',
    trial_plan: 'FREE',
    trial_end: null,
    trial_days_remaining: null,
    company_size: null,
    blocked_extensions: ['exe'],
    personal_project_access: true,
    feature_flags: ['USER_GROUPS'],
    currentUserPermissions: { isOwner: true, isSuperUser: false },
    ...overrides,
  };
}

/** A fake server whose account follows the settings calls, like the real one. */
function server(overrides: Record<string, FakeHandler> = {}, options: { admin?: boolean } = {}) {
  let state = account();
  const session = (): Session => {
    const s = sessionFor({ admin: options.admin ?? true, flags: state.feature_flags });
    return { ...s, account: s.account ? { ...s.account, name: state.name } : null };
  };
  const routes: Record<string, FakeHandler> = {
    'GET /api/auth/session': () => ({ data: session() }),
    'GET /api/account': () => ({ data: state }),
    'GET /api/error-page/403': { data: { title: 'No entry here', description: 'Ask your admin.' } },
    'PATCH /api/account': ({ body }) => {
      state = { ...state, name: String((body as { name: string }).name).trim() };
      return { data: state };
    },
    'POST /api/account/blocked-extensions': ({ body }) => {
      const ext = (body as { extension: { label: string } }).extension.label;
      state = { ...state, blocked_extensions: [...state.blocked_extensions, ext] };
      return {
        status: 201,
        body: { success: true, data: { blocked_extensions: state.blocked_extensions }, savedEntry: { id: ext, value: ext } },
      };
    },
    'DELETE /api/account/blocked-extensions/exe': () => {
      state = { ...state, blocked_extensions: state.blocked_extensions.filter((e) => e !== 'exe') };
      return { data: { blocked_extensions: state.blocked_extensions } };
    },
  };
  for (const flag of FEATURE_FLAGS) {
    routes[`PUT /api/development/flag/${flag}`] = ({ body }) => {
      const on = (body as { enabled: boolean }).enabled;
      const flags = state.feature_flags.filter((f) => f !== flag);
      state = { ...state, feature_flags: on ? [...flags, flag] : flags };
      return { data: { feature_flags: state.feature_flags } };
    };
  }
  return fakeServer({ ...routes, ...overrides });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('account settings', () => {
  it('is for admins: a member gets the forbidden page and no link in the account menu', async () => {
    server({}, { admin: false });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No entry here' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(within(menu).queryByRole('link', { name: 'Account settings' })).toBeNull();
  });

  it('is reached from the account menu and shows the settings of the account', async () => {
    server();
    const { router } = renderApp('/usage/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'Account settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Account settings · Emblem'));
    expect(screen.getByRole('button', { name: /Account name Acme Corp/ })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Blocked file extensions' })).getByText('.exe')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Ask for cookie consent' }) as HTMLInputElement).checked).toBe(false);
  });

  it('renames the account inline with PATCH /api/account; the header session is asked again', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account name Acme Corp/ }));
    const field = screen.getByRole('textbox', { name: 'Account name' });
    await user.clear(field);
    await user.type(field, 'Acme Worldwide{Enter}');
    expect(await screen.findByRole('button', { name: /Account name Acme Worldwide/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/account', { name: 'Acme Worldwide', i18n: 'en' }],
    ]);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/session').length).toBeGreaterThan(1));
  });

  it('refuses an empty name before sending it', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account name Acme Corp/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Account name' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Account name' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('shows a refusal of the server at the name', async () => {
    server({
      'PATCH /api/account': { status: 400, body: { success: false, error: 'Validation failed', errors: { name: ['Is too long'] } } },
    });
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account name Acme Corp/ }));
    await user.type(screen.getByRole('textbox', { name: 'Account name' }), ' Group{Enter}');
    expect(await screen.findByText('Is too long')).toBeTruthy();
  });

  it('blocks extensions (normalised, one POST each) and unblocks them', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Blocked file extensions' });
    await user.type(within(region).getByRole('textbox', { name: 'Extensions to block' }), '.PSD, *.bat{Enter}');
    await waitFor(() => expect(within(region).getByText('.bat')).toBeTruthy());
    expect(within(region).getByText('.psd')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Remove exe' }));
    await waitFor(() => expect(within(region).queryByText('.exe')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/account/blocked-extensions', { extension: { label: 'psd', visible: true, value: '1-psd' }, i18n: 'en' }],
      ['POST', '/api/account/blocked-extensions', { extension: { label: 'bat', visible: true, value: '2-bat' }, i18n: 'en' }],
      ['DELETE', '/api/account/blocked-extensions/exe', undefined],
    ]);
  });

  it('switches cookie consent and the feature flags with PUT {enabled}', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    const features = await screen.findByRole('region', { name: 'Features' });
    // Only the switches that change something today; cookie consent has its own section.
    expect(within(features).getAllByRole('switch')).toHaveLength(SWITCHABLE_FEATURE_FLAGS.length - 1);
    expect(within(features).queryByRole('switch', { name: 'Analytics' })).toBeNull();
    expect(within(features).queryByRole('switch', { name: 'Collections' })).toBeNull();
    const groups = within(features).getByRole('switch', { name: 'User groups' }) as HTMLInputElement;
    expect(groups.checked).toBe(true);
    expect(document.getElementById(groups.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Admins gather people in groups and give groups access to projects.',
    );
    await user.click(groups);
    await waitFor(() => expect(groups.checked).toBe(false));
    const sharing = within(features).getByRole('switch', { name: 'Public asset sharing' }) as HTMLInputElement;
    expect(sharing.checked).toBe(false);
    await user.click(sharing);
    await waitFor(() => expect(sharing.checked).toBe(true));
    await user.click(screen.getByRole('switch', { name: 'Ask for cookie consent' }));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Ask for cookie consent' }) as HTMLInputElement).checked).toBe(true));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/development/flag/USER_GROUPS', { enabled: false, i18n: 'en' }],
      ['/api/development/flag/PUBLIC_ASSET_SHARING', { enabled: true, i18n: 'en' }],
      ['/api/development/flag/COOKIE_CONSENT', { enabled: true, i18n: 'en' }],
    ]);
  });
});
