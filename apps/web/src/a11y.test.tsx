import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountUser, asset, brand, folder, project, projectSummary, USAGE } from './test/fixtures';
import { ANONYMOUS, acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor, stubLayout } from './test/utils';

/**
 * axe-core on the rendered pages in jsdom: structure, names, roles and ARIA. Colour contrast needs real layout
 * and is checked in the browser e2e suite (e2e/tests/accessibility.test.ts).
 */
async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const server: Record<string, FakeHandler> = {
  'GET /api/auth/session': { data: sessionFor() },
  'GET /api/brand': { data: [brand({ id: 1, name: 'Acme', is_favourite: true }), brand({ id: 2, name: 'Zeta' })] },
  'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
  'GET /api/account/usage': { data: USAGE },
  'GET /api/access-requests': {
    data: [
      {
        id: 1,
        user: { id: 2, name: 'Bob', email: 'bob@example.com' },
        message: 'Please',
        status: 'PENDING',
        created_at: '2025-03-02T09:00:00Z',
        decided_at: null,
      },
    ],
  },
  'GET /api/account/users': { data: [accountUser({ id: 1, name: 'Ada Admin', role: 'OWNER' }), accountUser({ id: 2, status: 'invited' })] },
  'GET /api/brand/1/projects': { data: [projectSummary({ id: 5, name: 'Library 5', asset_count: 3 })] },
  'GET /api/brand/1/home': {
    data: { projects: [{ ...projectSummary({ id: 5, name: 'Library 5', asset_count: 3 }), covers: [] }], recent_assets: [] },
  },
  'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5' }) },
  'GET /api/project/5/set': { data: folder(0, 'Library 5', [folder(21, 'Logos', [], 2)]) },
  'GET /api/project/5/download-custom-sizes': { data: [] },
  'POST /api/asset/list': { data: { items: [asset({ id: 11 }), asset({ id: 12, status: 'PROCESSING' })], next_cursor: null, total: 2 } },
  'GET /api/screen/data/11': {
    data: { asset: asset({ id: 11, title: 'Asset 11' }), revisions: [], attachments: [], previous_id: null, next_id: 12 },
  },
  'GET /api/asset/11': { data: asset({ id: 11, title: 'Asset 11' }) },
  'GET /api/error-page/404': { status: 500, body: { success: false, error: 'x' } },
  'GET /api/error-page/403': { status: 500, body: { success: false, error: 'x' } },
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // jsdom has no canvas; axe only uses it for an icon-font heuristic.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('accessibility (axe-core in jsdom)', () => {
  const pages: [string, string, string][] = [
    ['dashboard', '/', 'Brands'],
    ['brand home', '/brands/1', 'Acme'],
    ['usage users', '/usage/users', 'Usage'],
    ['usage access requests', '/usage/access-requests', 'Usage'],
    ['admin users', '/admin/users', 'Users'],
    ['library browser', '/brands/1/projects/5', 'Library 5'],
    ['asset viewer', '/brands/1/projects/5/assets/11', 'Asset 11'],
    ['not found', '/no-such-page', 'Page not found'],
  ];
  for (const [name, path, heading] of pages) {
    it(`${name} has no serious or critical violations`, async () => {
      acceptCookies();
      fakeServer(server);
      const restore = stubLayout();
      try {
        renderApp(path);
        await screen.findByRole('heading', { level: 1, name: heading });
        if (path === '/brands/1') await screen.findByRole('link', { name: 'Library 5' });
        if (path === '/brands/1/projects/5') await screen.findByText('Asset 12');
        expect(await seriousViolations()).toEqual([]);
      } finally {
        restore();
      }
    });
  }

  it('the folder picker has none', async () => {
    acceptCookies();
    fakeServer(server);
    const restore = stubLayout();
    try {
      renderApp('/brands/1/projects/5');
      const user = userEvent.setup();
      const tile = await screen.findByText('Asset 11');
      const check = tile.closest('[role="gridcell"]')?.querySelector<HTMLElement>('[data-testid="tile-check"]');
      if (!check) throw new Error('No check');
      await user.click(check);
      await user.click(screen.getByRole('button', { name: 'Move…' }));
      await screen.findByRole('treegrid');
      expect(await seriousViolations()).toEqual([]);
    } finally {
      restore();
    }
  });

  it('the sign-in page with the cookie consent dialog has none', async () => {
    fakeServer({ ...server, 'GET /api/auth/session': { data: ANONYMOUS } });
    renderApp('/auth');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Emblem' });
    await screen.findByRole('dialog', { name: 'Cookies on Emblem' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('the account drawer and the invite dialog have none', async () => {
    acceptCookies();
    fakeServer(server);
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await screen.findByRole('dialog', { name: 'Account menu' });
    expect(await seriousViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account menu' })).toBeNull(), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    await screen.findByRole('dialog', { name: 'Invite user' });
    expect(await seriousViolations()).toEqual([]);
  });
});
