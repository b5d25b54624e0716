import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountUser, brand, portal } from '../../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../../test/utils';
import { documentSummary } from '../testFixtures';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('/admin/guidelines', () => {
  it('lists every portal of the account over its brands, with visibility, documents and the admins who manage them', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand': { data: [brand({ id: 4, name: 'Acme' }), brand({ id: 5, name: 'Zeta' })] },
      'GET /api/portal?brand_ids=4,5': {
        data: [
          portal({ id: 8, brand_id: 5, title: 'Zeta book', visibility: 'EDITORS' }),
          portal({ id: 7, brand_id: 4, title: 'Acme book', visibility: 'PUBLIC' }),
        ],
      },
      'GET /api/portal/7/documents': { data: [documentSummary({ id: 30, published: true }), documentSummary({ id: 31 })] },
      'GET /api/portal/8/documents': { data: [] },
      'GET /api/account/users': {
        data: [accountUser({ id: 1, name: 'Ada Admin', role: 'OWNER' }), accountUser({ id: 2, name: 'Max Member', role: 'MEMBER' })],
      },
    });
    renderApp('/admin/guidelines');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guideline portals' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Guideline portals of Acme Corp' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Acme book', 'Zeta book']);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/brands/4/guidelines');
    expect(rows[0]?.textContent).toContain('Public');
    expect(rows[0]?.textContent).toContain('Anyone with the link');
    expect(await within(rows[0]!).findByText('2 documents (1 published)')).toBeTruthy();
    expect(await within(rows[1]!).findByText('0 documents (0 published)')).toBeTruthy();
    expect(await screen.findByText("Portals are managed by the account's admins: Ada Admin.")).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/portal?brand_ids=4,5')).toBe(true);
  });

  it('says what to do when the account has no portal', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand': { data: [brand({ id: 4, name: 'Acme' })] },
      'GET /api/portal?brand_ids=4': { data: [] },
      'GET /api/account/users': { data: [] },
    });
    renderApp('/admin/guidelines');
    expect(await screen.findByRole('heading', { name: 'No guideline portals yet' })).toBeTruthy();
    expect(screen.getByText(/Open a brand and choose Guidelines/)).toBeTruthy();
  });

  it('members are refused', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor({ admin: false }) },
      'GET /api/error-page/403': { data: { title: 'No access here', description: 'Ask an admin.' } },
    });
    renderApp('/admin/guidelines');
    expect(await screen.findByRole('heading', { name: 'No access here' })).toBeTruthy();
  });
});
