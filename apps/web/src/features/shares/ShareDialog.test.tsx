import type { CollectionResponse, ShareLinkResponse } from '@emblem/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';

const collection: CollectionResponse = {
  id: 7,
  project_id: 5,
  brand_id: 1,
  name: 'Summer campaign',
  description: '',
  asset_count: 0,
  covers: [],
  created_at: '2026-11-01T10:00:00.000Z',
  modified_at: '2026-11-02T10:00:00.000Z',
  permissions: { canEdit: true },
};

function link(overrides: Partial<ShareLinkResponse> = {}): ShareLinkResponse {
  return {
    id: 31,
    type: 'collection',
    url: null,
    is_enabled: true,
    is_password_protected: false,
    has_expiration_date: false,
    expires_at: null,
    is_expired: false,
    download: 'PREVIEW',
    project_id: 5,
    asset_ids: [],
    set_id: null,
    collection_id: 7,
    open_count: 4,
    download_count: 1,
    last_opened_at: null,
    created_at: '2026-11-03T10:00:00.000Z',
    creator: { id: 1, name: 'Ada Admin' },
    ...overrides,
  };
}

function server(options: { flags?: string[]; type?: string } = {}, routes: Record<string, FakeHandler> = {}) {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin: false, flags: options.flags ?? ['PUBLIC_ASSET_SHARING'] }) },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': {
      data: project({
        id: 5,
        brand_id: 1,
        name: 'Photos',
        permissions: projectPermissions('EDIT'),
        ...(options.type ? { project_type: options.type as 'MEDIALIBRARY' } : {}),
      }),
    },
    'GET /api/collection/7': { data: collection },
    'GET /api/collection/7/assets': { data: { items: [], next_cursor: null, total: 0 } },
    ...routes,
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('share dialog', () => {
  it('creates a link with a password, an expiry and downloads, and shows its address once', async () => {
    let links: ShareLinkResponse[] = [];
    const { calls } = server(
      {},
      {
        'GET /api/project/5/share-links': () => ({ data: links }),
        'POST /api/share-link': ({ body }) => {
          const made = link({
            id: 40,
            url: 'http://localhost/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
            is_password_protected: true,
            has_expiration_date: true,
            expires_at: (body as { expires_at: string }).expires_at,
            download: 'ORIGINAL',
            open_count: 0,
            download_count: 0,
          });
          links = [{ ...made, url: null }];
          return { status: 201, data: made };
        },
      },
    );
    renderApp('/brands/1/projects/5/collections/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Summer campaign' });
    expect(await within(dialog).findByText('No links yet')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/project/5/share-links?collection_id=7')).toBe(true);

    // A short password is refused before anything is sent.
    await userEvent.type(within(dialog).getByLabelText('Password (optional)'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('At least 8 characters')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Password (optional)'), ' and longer');
    fireEvent.change(within(dialog).getByLabelText('Expires after (optional)'), { target: { value: '2099-01-31' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Visitors may download/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Original files' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const address = (await within(dialog).findByRole('textbox', { name: 'Link address' })) as HTMLInputElement;
    expect(address.value).toBe('http://localhost/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(within(dialog).getByText(/the address is shown only once/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/share-link');
    expect(post?.body).toMatchObject({ type: 'collection', collection_id: 7, password: 'short and longer', download: 'ORIGINAL' });
    expect(new Date((post?.body as { expires_at?: string } | undefined)?.expires_at ?? 0).getFullYear()).toBe(2099);

    const row = await within(dialog).findByRole('article');
    expect(within(row).getByText('On')).toBeTruthy();
    expect(within(row).getByText('Password')).toBeTruthy();
    expect(within(row).getByText(/^Expires /)).toBeTruthy();
    expect(row.textContent).toContain('Opened 0 times');
    expect(row.textContent).toContain('downloaded 0 times');
  });

  it('turns a link off, changes it, gives it a new address and deletes it after confirming', async () => {
    let current = link({
      is_password_protected: true,
      expires_at: '2020-01-01T00:00:00.000Z',
      has_expiration_date: true,
      is_expired: true,
    });
    let deleted = false;
    const { calls } = server(
      {},
      {
        'GET /api/project/5/share-links': () => ({ data: deleted ? [] : [current] }),
        'PATCH /api/share-link/31': ({ body }) => {
          const b = body as Record<string, unknown>;
          current = {
            ...current,
            ...(b.is_enabled !== undefined ? { is_enabled: b.is_enabled as boolean } : {}),
            ...(b.password === null ? { is_password_protected: false } : {}),
            ...(b.expires_at === null ? { expires_at: null, has_expiration_date: false, is_expired: false } : {}),
            ...(b.download ? { download: b.download as ShareLinkResponse['download'] } : {}),
          };
          return { data: current };
        },
        'POST /api/share-link/31/address': { data: link({ url: 'http://localhost/share/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB' }) },
        'DELETE /api/share-link/31': () => {
          deleted = true;
          return { data: { id: 31 } };
        },
      },
    );
    renderApp('/brands/1/projects/5/collections/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Summer campaign' });
    const row = await within(dialog).findByRole('article');
    expect(within(row).getByText(/^Expired /)).toBeTruthy();
    expect(row.textContent).toContain('Opened 4 times');
    expect(row.textContent).toContain('downloaded 1 time');

    await userEvent.click(within(row).getByRole('button', { name: 'Turn off' }));
    expect(await within(row).findByText('Off')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Turn on' })).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Change…' }));
    expect(within(row).getByText(/This link has expired/)).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Remove password' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(row).queryByText('Password')).toBeNull());
    const patches = calls
      .filter((c) => c.method === 'PATCH')
      .map(({ body }) => {
        const { i18n: _, ...rest } = body as Record<string, unknown>;
        return rest;
      });
    expect(patches).toEqual([{ is_enabled: false }, { password: null }]);

    await userEvent.click(within(row).getByRole('button', { name: 'New address' }));
    expect(((await within(dialog).findByRole('textbox', { name: 'Link address' })) as HTMLInputElement).value).toBe(
      'http://localhost/share/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
    );

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this link?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('No links yet')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/share-link/31')).toBe(true);
  });

  it('offers no sharing without the account switch or in a project type that cannot share', async () => {
    server({ flags: [] });
    const first = renderApp('/brands/1/projects/5/collections/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer campaign' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
    first.unmount();

    server({ type: 'TEXTLIBRARY' });
    renderApp('/brands/1/projects/5/collections/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer campaign' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
  });
});
