import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';
import type { Asset } from './api';

const WAIT = { timeout: 5000 };
const DAY = 86_400_000;
const GONE = asset({ id: 1, title: 'Gone', expires_at: '2020-01-01T00:00:00.000Z', is_expired: true });
const SOON = asset({ id: 2, title: 'Soon', expires_at: new Date(Date.now() + 10 * DAY).toISOString() });
const LATER = asset({ id: 3, title: 'Later', expires_at: new Date(Date.now() + 90 * DAY).toISOString() });
const PLAIN = asset({ id: 4, title: 'Plain' });

function server() {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions: projectPermissions('EDIT') }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5', [folder(21, 'Campaigns')]) },
    'POST /api/asset/list': ({ body }) => {
      const { expiry } = body as { expiry?: string };
      const items: Asset[] = expiry === 'expired' ? [GONE] : expiry === 'expiring_soon' ? [] : [GONE, SOON, LATER, PLAIN];
      return { data: { items, next_cursor: null, total: items.length } };
    },
  });
}

const cellOf = (title: string) => screen.getByText(title).closest<HTMLElement>('[role="gridcell"]') as HTMLElement;
const listBodies = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/asset/list').map((c) => c.body as Record<string, unknown>);

let restoreLayout: () => void;
beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  restoreLayout = stubLayout({ width: 1200, height: 800 });
});
afterEach(() => restoreLayout());

describe('expiring assets in the library', () => {
  it('marks expired assets and those expiring within 30 days on their tiles', async () => {
    server();
    renderApp('/brands/1/projects/5');
    await screen.findByText('Gone', {}, WAIT);
    expect(within(cellOf('Gone')).getByTestId('expiry-badge').textContent).toBe('Expired');
    expect(within(cellOf('Soon')).getByTestId('expiry-badge').textContent).toMatch(/^Expires /);
    expect(within(cellOf('Later')).queryByTestId('expiry-badge')).toBeNull();
    expect(within(cellOf('Plain')).queryByTestId('expiry-badge')).toBeNull();
    // The badge's words are part of the tile's text, so screen readers hear it.
    expect(cellOf('Gone').textContent).toContain('Expired');
  });

  it('filters for expired and expiring assets through the listing, kept in the address, with a way back from an empty result', async () => {
    const { calls } = server();
    const { router } = renderApp('/brands/1/projects/5');
    await screen.findByText('Plain', {}, WAIT);
    expect(listBodies(calls)[0]).not.toHaveProperty('expiry');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /All assets/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All assets', 'Expiring soon', 'Expired']);
    await user.click(screen.getByRole('option', { name: 'Expired' }));
    await waitFor(() => expect(router.state.location.search).toBe('?expiry=expired'), WAIT);
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ project_id: 5, set_id: 0, expiry: 'expired' }), WAIT);
    await waitFor(() => expect(screen.queryByText('Plain')).toBeNull(), WAIT);
    expect(screen.getByText('Gone')).toBeTruthy();
    // A filtered listing shows only assets, not the sub-folders.
    expect(screen.queryByText('Campaigns', { selector: '.tile__title' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Expired/ }));
    await user.click(screen.getByRole('option', { name: 'Expiring soon' }));
    expect(await screen.findByRole('heading', { name: 'No asset here expires within 30 days' }, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all assets' }));
    await waitFor(() => expect(router.state.location.search).toBe(''), WAIT);
    await screen.findByText('Plain', {}, WAIT);
  });

  it('reads the filter from the address', async () => {
    const { calls } = server();
    renderApp('/brands/1/projects/5?expiry=expired');
    await screen.findByText('Gone', {}, WAIT);
    expect(listBodies(calls)[0]).toMatchObject({ expiry: 'expired' });
    expect(screen.queryByText('Plain')).toBeNull();
  });
});
