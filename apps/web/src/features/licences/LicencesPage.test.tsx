import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

const WAIT = { timeout: 5000 };

function licence(id: number, title: string, assetCount = 0) {
  return {
    id,
    title,
    text: '<p>Terms</p>',
    require_consensus: true,
    asset_count: assetCount,
    created_at: '2026-01-01T00:00:00Z',
    modified_at: '2026-01-01T00:00:00Z',
  };
}

function server() {
  let list: ReturnType<typeof licence>[] = [];
  const fake = fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin: true }) },
    'GET /api/account': { data: { id: 1, name: 'Acme', feature_flags: [] } },
    'GET /api/licences': () => ({ data: list }),
    'POST /api/licence': ({ body }) => {
      const b = body as { title: string; require_consensus: boolean };
      const made = { ...licence(7, b.title), require_consensus: b.require_consensus };
      list = [made];
      return { status: 201, data: made };
    },
    'DELETE /api/licence/7': () => {
      list = [];
      return { data: { id: 7, deleted: true } };
    },
  });
  return fake;
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the licences page', () => {
  it('says what to do when empty, creates a licence and deletes it after confirming; links the CSV export', async () => {
    const { calls } = server();
    renderApp('/settings/account/licences');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No licences yet' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export consents (CSV)' }).getAttribute('href')).toBe('/api/consent-acceptances.csv');

    await user.click(screen.getByRole('button', { name: 'New licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'New licence' }, WAIT);
    await user.type(within(dialog).getByLabelText(/^Title/), 'Campaign terms');
    await user.click(within(dialog).getByRole('checkbox', { name: /Require consent before download/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/licence')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/licence')?.body).toMatchObject({
      title: 'Campaign terms',
      require_consensus: true,
    });
    expect(await screen.findByRole('heading', { name: 'Campaign terms' }, WAIT)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Campaign terms' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this licence?' }, WAIT);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/licence/7')).toBe(true), WAIT);
    expect(await screen.findByRole('heading', { name: 'No licences yet' }, WAIT)).toBeTruthy();
  });
});
