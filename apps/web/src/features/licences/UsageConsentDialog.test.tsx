import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloader } from '../../lib/download';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

const WAIT = { timeout: 5000 };

const DETAILS = {
  licences: [{ id: 7, title: 'Campaign terms', text: '<p>Use in the <strong>campaign</strong> only.</p>' }],
  assets: [{ id: 11, title: 'Poster', copyright_status: 'COPYRIGHTED', copyright_notice: '© Acme 2026', licence_ids: [7] }],
};

function server(requiresConsent: boolean) {
  const permissions = projectPermissions('VIEW');
  const a = asset({ id: 11, title: 'Poster', permissions, requires_consent: requiresConsent });
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
    'GET /api/asset/consent?asset_ids=11': { data: DETAILS },
    'POST /api/asset/consent': { status: 201, data: { consent_token: 'abc.def', expires_at: '2030-01-01T00:00:00Z', recorded: 1 } },
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

async function openOriginal(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { level: 1, name: 'Poster' }, WAIT);
  await user.click(screen.getByRole('button', { name: /Download/ }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Original/ }));
}

describe('the usage-consent dialog', () => {
  it('shows the licence texts and notices; Decline cancels, Accept records the consent and downloads with its token', async () => {
    const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
    const { calls } = server(true);
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    await openOriginal(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'Terms of use' }, WAIT);
    expect(await within(dialog).findByRole('article', { name: 'Campaign terms' }, WAIT)).toBeTruthy();
    expect(within(dialog).getByText('campaign').tagName).toBe('STRONG');
    expect(within(dialog).getByText(/© Acme 2026/)).toBeTruthy();
    expect(dialog.closest('.usage-consent')?.classList.contains('usage-consent--many')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), WAIT);
    expect(start).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/asset/consent')).toBe(false);

    await openOriginal(user);
    const again = await screen.findByRole('alertdialog', { name: 'Terms of use' }, WAIT);
    await within(again).findByRole('article', { name: 'Campaign terms' }, WAIT);
    await user.click(within(again).getByRole('button', { name: 'Accept and download' }));
    await waitFor(() => expect(start).toHaveBeenCalledWith('/api/asset/11/download?consent=abc.def'), WAIT);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/asset/consent')?.body).toEqual({ asset_ids: [11], licence_ids: [7] });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), WAIT);
  });

  it('downloads at once when the asset asks for no consent', async () => {
    const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
    server(false);
    renderApp('/brands/1/projects/5/assets/11');
    await openOriginal(userEvent.setup());
    expect(start).toHaveBeenCalledWith('/api/asset/11/download');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
