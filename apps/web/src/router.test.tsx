import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, acceptCookies, fakeServer, renderApp, sessionFor } from './test/utils';

const errorPage403 = { data: { title: 'No entry here', description: 'Ask your admin.' } };
const errorPage404 = { data: { title: 'Nothing here', description: 'Try the home page.' } };

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation((...args) => process.env.DEBUG_TESTS && console.log(...args));
});

describe('route table and router errors', () => {
  it('401: an unauthenticated deep link goes to /auth with the path and search as referer', async () => {
    fakeServer({ 'GET /api/auth/session': { data: ANONYMOUS } });
    const { router } = renderApp('/usage/users?sort=name');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(new URLSearchParams(router.state.location.search).get('referer')).toBe('/usage/users?sort=name');
    expect(await screen.findByRole('heading', { name: 'Sign in to Emblem' })).toBeTruthy();
  });

  it('403: a member opening the admin users section sees the forbidden page', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor({ admin: false }) }, 'GET /api/error-page/403': errorPage403 });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'No entry here' })).toBeTruthy();
    expect(screen.getByText('Ask your admin.')).toBeTruthy();
    // A role, not a switch, closes it: no switch is named.
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('403: a member may reach access-requests only with its flag', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor({ admin: false, flags: [] }) }, 'GET /api/error-page/403': errorPage403 });
    renderApp('/admin/access-requests');
    expect(await screen.findByRole('heading', { name: 'No entry here' })).toBeTruthy();
    // Closed by a switch, not by the role: the page says which switch to ask for.
    expect(screen.getByRole('note').textContent).toBe(
      'This screen is switched off for your account. Ask an account admin to turn on “Access requests”.',
    );
  });

  it('403: an admin opening groups while user groups are off learns which switch opens it, and where', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor({ flags: [] }) }, 'GET /api/error-page/403': errorPage403 });
    renderApp('/admin/groups');
    expect(await screen.findByRole('heading', { name: 'No entry here' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'This screen is switched off for your account. Turn on “User groups” in Account settings to open it.',
    );
    expect(screen.getByRole('link', { name: 'Account settings' }).getAttribute('href')).toBe('/settings/account#account-features');
  });

  it('a member with the access-request flag reaches /admin/access-requests and may ask for access', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor({ admin: false, flags: ['ACCESS_REQUESTS'] }) },
      'GET /api/access-requests': { data: [] },
    });
    renderApp('/admin/access-requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access requests' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Message to the admins' })).toBeTruthy();
  });

  it('404: an unknown admin section is not found', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/error-page/404': errorPage404 });
    renderApp('/admin/billing');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
  });

  it('404: an allowed admin section without a screen yet is not routed', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/error-page/404': errorPage404 });
    renderApp('/admin/projects');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
  });

  it('404: unknown addresses fall to the catch-all not-found page', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/error-page/404': errorPage404 });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Nothing here · Emblem'));
  });

  it('404: an unknown usage tab is not found', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/error-page/404': errorPage404 });
    renderApp('/usage/billing');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
  });

  it('404: a missing brand is not found; 403 for a brand of another account', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/99': { status: 404, body: { success: false, error: 'Not found' } },
      'GET /api/brand/98': { status: 403, body: { success: false, error: 'Forbidden' } },
      'GET /api/error-page/404': errorPage404,
      'GET /api/error-page/403': errorPage403,
    });
    const first = renderApp('/brands/99');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
    first.unmount();
    renderApp('/brands/98');
    expect(await screen.findByRole('heading', { name: 'No entry here' })).toBeTruthy();
  });

  it('/usage sends admins to users and members to access-requests', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor({ admin: false }) },
      'GET /api/account/usage': {
        data: {
          users: { total: 3, active: 2, invited: 1, owners: 1, super_users: 0, members: 2 },
          access_requests: { pending: 1, total: 2 },
        },
      },
      'GET /api/access-requests': { data: [] },
    });
    const member = renderApp('/usage');
    await waitFor(() => expect(member.router.state.location.pathname).toBe('/usage/access-requests'));
    member.unmount();

    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/usage': {
        data: {
          users: { total: 3, active: 2, invited: 1, owners: 1, super_users: 0, members: 2 },
          access_requests: { pending: 1, total: 2 },
        },
      },
    });
    const admin = renderApp('/usage');
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/usage/users'));
  });

  it('a page that crashes while rendering shows the default fallback text', async () => {
    // A session whose account is malformed makes the dashboard throw during render.
    fakeServer({
      'GET /api/auth/session': { data: { ...sessionFor(), account: { ...sessionFor().account, feature_flags: null } } },
      'GET /api/brand': { data: null },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});
