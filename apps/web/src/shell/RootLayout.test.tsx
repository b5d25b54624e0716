import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLoader } from '../lib/navigation';
import { brand, USAGE } from '../test/fixtures';
import { ANONYMOUS, acceptCookies, fakeServer, renderApp, sessionFor } from '../test/utils';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('root layout', () => {
  it('has a skip link, header navigation and a main landmark', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/brand': { data: [] } });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Brands' });
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Brands', 'Usage', 'Users']);
    expect(within(nav).getByRole('link', { name: 'Brands' }).getAttribute('aria-current')).toBe('page');
  });

  it('highlights Brands anywhere inside a brand', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme' }) },
      'GET /api/portal': { data: [] },
    });
    renderApp('/brands/4/guidelines');
    await screen.findByRole('heading', { level: 1, name: 'Guidelines' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const brands = within(nav).getByRole('link', { name: 'Brands' });
    // The section the page is in (the page itself is the brand's guidelines).
    expect(brands.getAttribute('aria-current')).toBe('true');
    expect(brands.className).toContain('nav-link--active');
    expect(within(nav).getByRole('link', { name: 'Usage' }).getAttribute('aria-current')).toBeNull();
  });

  it('extends an expired trial once when the session says the admin may, then starts again at the root', async () => {
    let extended = false;
    const session = sessionFor();
    const { calls } = fakeServer({
      'GET /api/auth/session': () => ({
        data: { ...session, account: { ...session.account!, trial_extension_available: !extended } },
      }),
      'GET /api/account/trial-extend': () => {
        extended = true;
        return { data: { trial_end: '2030-01-01T00:00:00.000Z' } };
      },
      'GET /api/access-requests': { data: [] },
      'GET /api/account/usage': { data: USAGE },
      'GET /api/brand': { data: [] },
    });
    const { router } = renderApp('/usage/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Brands' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/account/trial-extend')).toHaveLength(1);
  });

  it('does not ask for a trial extension when the session does not offer one', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/brand': { data: [] } });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Brands' });
    expect(calls.some((c) => c.path === '/api/account/trial-extend')).toBe(false);
  });

  it('members get no admin link; visitors get no navigation', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor({ admin: false }) }, 'GET /api/brand': { data: [] } });
    const member = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Brands', 'Usage']);
    member.unmount();

    fakeServer({ 'GET /api/auth/session': { data: ANONYMOUS } });
    renderApp('/auth');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Emblem' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('the account menu drawer shows the user and signs out with POST /api/auth/logout', async () => {
    const assign = vi.spyOn(pageLoader, 'assign').mockImplementation(() => {});
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand': { data: [] },
      'POST /api/auth/logout': { data: {} },
    });
    renderApp('/');
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: /Account menu/ });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    const drawer = await screen.findByRole('dialog', { name: 'Account menu' });
    expect(within(drawer).getByText('ada@example.com')).toBeTruthy();
    expect(within(drawer).getByText('Owner in Acme Corp')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin/users');
    await user.click(within(drawer).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth'));
    const logout = calls.find((c) => c.path === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers['X-CSRF-Token']).toBe('session-csrf');
  });

  it('the account menu has the cookie settings entry when the account asks for consent; it reopens the dialog', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor({ flags: ['COOKIE_CONSENT'] }) }, 'GET /api/brand': { data: [] } });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Account menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Cookie settings' }));
    expect(await screen.findByRole('dialog', { name: 'Cookies on Emblem' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account menu' })).toBeNull());
  });

  it('the account menu has no cookie entry when the account does not ask for consent', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/brand': { data: [] } });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Account menu' });
    expect(within(drawer).queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  });

  it('shows a loading bar while a page loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/brand': { data: [] } });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Brands' });
    const slow = vi.fn(async () => {
      await gate;
      return new Response(
        JSON.stringify({
          success: true,
          data: {
            users: { total: 1, active: 1, invited: 0, owners: 1, super_users: 0, members: 0 },
            access_requests: { pending: 0, total: 0 },
          },
        }),
        { status: 200 },
      );
    });
    vi.stubGlobal('fetch', slow);
    void router.navigate('/usage/users');
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    release();
    await screen.findByRole('heading', { level: 1, name: 'Usage' });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
