import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { Asset } from '../library/api';
import { dayStart, localDay } from './AssetExpiry';

const WAIT = { timeout: 5000 };

function server(level: 'VIEW' | 'EDIT', overrides: Partial<Asset> = {}, extra: Record<string, FakeHandler> = {}) {
  const permissions = projectPermissions(level);
  const a = asset({ id: 11, title: 'Poster', permissions, ...overrides });
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5') },
    'GET /api/project/5/download-custom-sizes': { data: [] },
    'POST /api/asset/list': { data: { items: [], next_cursor: null, total: 0 } },
    'GET /api/screen/data/11': {
      data: { asset: a, revisions: [], attachments: [], page_preview_urls: [], previous_id: null, next_id: null },
    },
    'GET /api/asset/11': { data: a },
    ...extra,
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('asset expiry in the viewer', () => {
  it('turns a local day into its midnight and back', () => {
    const iso = dayStart('2031-03-09');
    expect(iso).not.toBeNull();
    expect(localDay(iso)).toBe('2031-03-09');
    expect(new Date(iso as string).getHours()).toBe(0);
    expect(dayStart('2031-02-30')).toBeNull();
    expect(dayStart('2031-3-9')).toBeNull();
    expect(dayStart('')).toBeNull();
    expect(localDay(null)).toBe('');
  });

  it('an editor picks the day with a labelled date field, saves it with PATCH and removes it again', async () => {
    const { calls } = server(
      'EDIT',
      {},
      {
        'PATCH /api/asset/11': ({ body }) => {
          const { expires_at } = body as { expires_at: string | null };
          return { data: asset({ id: 11, title: 'Poster', expires_at, is_expired: false, permissions: projectPermissions('EDIT') }) };
        },
      },
    );
    renderApp('/brands/1/projects/5/assets/11');
    const field = (await screen.findByLabelText(/^Hidden from visitors from/, {}, WAIT)) as HTMLInputElement;
    expect(field.type).toBe('date');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save expiry' });
    expect(save.hasAttribute('disabled') || save.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove expiry' })).toBeNull();

    fireEvent.change(field, { target: { value: '2031-03-09' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save expiry' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ expires_at: dayStart('2031-03-09') }), WAIT);
    const remove = await screen.findByRole('button', { name: 'Remove expiry' }, WAIT);
    await user.click(remove);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ expires_at: null }), WAIT);
    await screen.findByText('Expiry removed', {}, WAIT);
  });

  it('shows the server’s refusal at the field', async () => {
    server(
      'EDIT',
      {},
      {
        'PATCH /api/asset/11': {
          status: 400,
          body: { success: false, error: 'Invalid', errors: { expires_at: ['Must be between the years 2000 and 9999'] } },
        },
      },
    );
    renderApp('/brands/1/projects/5/assets/11');
    const field = (await screen.findByLabelText(/^Hidden from visitors from/, {}, WAIT)) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '1990-01-01' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save expiry' }));
    expect(await screen.findByText('Must be between the years 2000 and 9999', {}, WAIT)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('an expired asset is marked expired; viewers read the date without a field', async () => {
    server('VIEW', { expires_at: '2024-05-01T00:00:00.000Z', is_expired: true });
    renderApp('/brands/1/projects/5/assets/11');
    await screen.findByRole('heading', { level: 1, name: 'Poster' }, WAIT);
    expect(screen.getAllByTestId('expiry-badge').map((b) => b.textContent)).toContain('Expired');
    expect(screen.getByText(/^Expired on .*visitors, share links and public pages no longer show it\.$/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Hidden from visitors from/)).toBeNull();
  });
});
