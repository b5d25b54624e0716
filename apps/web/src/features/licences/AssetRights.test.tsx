import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

const WAIT = { timeout: 5000 };

function server(level: 'VIEW' | 'EDIT') {
  const permissions = projectPermissions(level);
  const a = asset({
    id: 11,
    title: 'Poster',
    permissions,
    copyright: { status: 'COPYRIGHTED', notice: '© Acme', is_download_consent_required: false },
    licenses: [{ id: 7, title: 'Campaign terms', license: '<p>T</p>', require_consensus: true }],
    requires_consent: true,
  });
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
    'GET /api/licences': {
      data: [
        { id: 7, title: 'Campaign terms', text: '', require_consensus: true, asset_count: 1, created_at: '', modified_at: '' },
        { id: 8, title: 'Attribution', text: '', require_consensus: false, asset_count: 0, created_at: '', modified_at: '' },
      ],
    },
    'PUT /api/asset/11/licences': { data: { asset_id: 11, copyright: a.copyright, licenses: [], requires_consent: true } },
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the viewer’s Rights section', () => {
  it('is read-only for viewers', async () => {
    server('VIEW');
    renderApp('/brands/1/projects/5/assets/11');
    const section = (await screen.findByRole('heading', { name: 'Rights' }, WAIT)).closest('section') as HTMLElement;
    expect(within(section).getByText('Copyrighted')).toBeTruthy();
    expect(within(section).getByText('© Acme')).toBeTruthy();
    expect(within(section).getByText('Campaign terms')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Save rights' })).toBeNull();
  });

  it('lets editors pick licences and require consent, saved in one call', async () => {
    const { calls } = server('EDIT');
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    const section = (await screen.findByRole('heading', { name: 'Rights' }, WAIT)).closest('section') as HTMLElement;
    await user.click(await within(section).findByRole('checkbox', { name: 'Attribution' }, WAIT));
    await user.click(within(section).getByRole('checkbox', { name: 'Require consent before download' }));
    await user.click(within(section).getByRole('button', { name: 'Save rights' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      licence_ids: [7, 8],
      copyright: { status: 'COPYRIGHTED', notice: '© Acme', is_download_consent_required: true },
    });
  });
});
