import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountUser, brand, USAGE } from './test/fixtures';
import { ANONYMOUS, acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from './test/utils';

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
    ['not found', '/no-such-page', 'Page not found'],
  ];
  for (const [name, path, heading] of pages) {
    it(`${name} has no serious or critical violations`, async () => {
      acceptCookies();
      fakeServer(server);
      renderApp(path);
      await screen.findByRole('heading', { level: 1, name: heading });
      expect(await seriousViolations()).toEqual([]);
    });
  }

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
