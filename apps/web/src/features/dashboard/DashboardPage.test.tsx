import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation((...args) => process.env.DEBUG_TESTS && console.log(...args));
});

describe('dashboard', () => {
  it('lists the brands in the server order with favourite state', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand': { data: [brand({ id: 2, name: 'Zeta', is_favourite: true }), brand({ id: 1, name: 'Acme' })] },
    });
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Brands' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Zeta', 'Acme']);
    expect(links[0]?.getAttribute('href')).toBe('/brands/2');
    expect(screen.getByRole('button', { name: 'Favourite Zeta' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Favourite Acme' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('toggles a favourite with PUT and DELETE', async () => {
    let favourite = false;
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand': () => ({ data: [brand({ id: 1, name: 'Acme', is_favourite: favourite })] }),
      'PUT /api/brand/1/favourite': () => {
        favourite = true;
        return { data: { id: 1, is_favourite: true } };
      },
      'DELETE /api/brand/1/favourite': () => {
        favourite = false;
        return { data: { id: 1, is_favourite: false } };
      },
    });
    renderApp('/');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Favourite Acme' });
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favourite Acme' }).getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/brand/1/favourite')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Favourite Acme' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/brand/1/favourite')).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favourite Acme' }).getAttribute('aria-pressed')).toBe('false'));
  });

  it('tells an admin with no brands to create one', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/brand': { data: [] } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No brands yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create brand' })).toBeTruthy();
  });

  it('tells a member with no brands whom to ask, without a create button', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor({ admin: false }) }, 'GET /api/brand': { data: [] } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No brands to show yet' })).toBeTruthy();
    expect(screen.getByText(/Ask an admin of your account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create brand' })).toBeNull();
  });

  it('creates a brand; validation errors from the server appear at the name field', async () => {
    let attempts = 0;
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand': { data: [brand({ id: 1, name: 'Acme' })] },
      'POST /api/brand': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, body: { success: false, error: 'Validation failed', errors: { name: ['Is too long'] } } }
          : { status: 201, data: brand({ id: 9, name: 'Nova', slug: 'nova' }) };
      },
      'GET /api/brand/9': { data: brand({ id: 9, name: 'Nova', slug: 'nova' }) },
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create brand' });

    // Empty name: refused before sending.
    await user.click(within(dialog).getByRole('button', { name: 'Create brand' }));
    const name = within(dialog).getByLabelText(/^Brand name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(name, 'Nova');
    await user.click(within(dialog).getByRole('button', { name: 'Create brand' }));
    expect(await within(dialog).findByText('Is too long')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Create brand' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/9'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Nova' }, { name: 'Nova' }]);
  });
});
