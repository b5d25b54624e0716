import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloader } from '../../lib/download';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';

/** Whole-folder ZIPs of assets that ask for usage consent (decision 0031): the server's 409 names the terms. */

const TERMS = {
  licences: [{ id: 7, title: 'Editorial use', text: '<p>Only <strong>editorial</strong> use.</p>' }],
  assets: [
    { id: 3, title: 'Asset 3', copyright_status: 'COPYRIGHTED', copyright_notice: '© Acme', licence_ids: [7] },
    { id: 9, title: 'Deep in a sub-folder', copyright_status: 'UNKNOWN', copyright_notice: '', licence_ids: [7] },
  ],
};
const REFUSED = { status: 409, body: { success: false, error: 'Consent required', errors: {}, ...TERMS } };
const PREPARED = { data: { token: 't', download_url: '/api/download/t', count: 4, total_bytes: 10 } };

function server(overrides: Record<string, FakeHandler>) {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions: projectPermissions('VIEW') }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5', [folder(21, 'Brand assets')]) },
    'POST /api/asset/list': () => ({ data: { items: [1, 2, 3].map((id) => asset({ id })), next_cursor: null, total: 3 } }),
    ...overrides,
  });
}

async function downloadFolder() {
  const user = userEvent.setup();
  await screen.findByText('Asset 1');
  await user.click(screen.getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Download all as ZIP' }));
  return user;
}

let restoreLayout: () => void;
beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  restoreLayout = stubLayout({ width: 1200, height: 800 });
});
afterEach(() => {
  restoreLayout();
  vi.restoreAllMocks();
});

describe('library ZIP and usage consent', () => {
  it('shows the terms the server named; Accept records them for those assets and downloads with the token', async () => {
    const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
    const { calls } = server({
      'POST /api/asset/bulk-download': ({ body }) => ((body as { consent_token?: string }).consent_token ? PREPARED : REFUSED),
      'POST /api/asset/consent': { status: 201, data: { consent_token: 'abc.def', expires_at: 'x', recorded: 1 } },
    });
    renderApp('/brands/1/projects/5');
    const user = await downloadFolder();
    const dialog = await screen.findByRole('alertdialog', { name: 'Terms of use' });
    expect(within(dialog).getByText('Before you download these 2 assets, read and accept their terms.')).toBeTruthy();
    expect(within(dialog).getByRole('article', { name: 'Editorial use' })).toBeTruthy();
    expect(within(dialog).getByText('Deep in a sub-folder')).toBeTruthy();
    // The refusal is the dialog, not an error message.
    expect(screen.queryByText('Consent required')).toBeNull();
    expect(start).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Accept and download' }));
    await waitFor(() => expect(start).toHaveBeenCalledWith('/api/download/t'));
    expect(calls.find((c) => c.path === '/api/asset/consent')?.body).toEqual({ asset_ids: [3, 9], licence_ids: [7] });
    expect(calls.filter((c) => c.path === '/api/asset/bulk-download').map((c) => c.body)).toEqual([
      { project_id: 5, set_id: 0 },
      { project_id: 5, set_id: 0, consent_token: 'abc.def' },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('Decline downloads nothing and records nothing', async () => {
    const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
    const { calls } = server({ 'POST /api/asset/bulk-download': REFUSED });
    renderApp('/brands/1/projects/5');
    const user = await downloadFolder();
    const dialog = await screen.findByRole('alertdialog', { name: 'Terms of use' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(start).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === '/api/asset/consent')).toBe(false);
    expect(calls.filter((c) => c.path === '/api/asset/bulk-download')).toHaveLength(1);
  });

  it('a selection with assets that ask for consent but are not loaded gets the dialog from the server’s answer', async () => {
    const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
    const { calls } = server({
      'POST /api/asset/bulk-download': ({ body }) => ((body as { consent_token?: string }).consent_token ? PREPARED : REFUSED),
      'POST /api/asset/consent': { status: 201, data: { consent_token: 'sel.token', expires_at: 'x', recorded: 1 } },
    });
    renderApp('/brands/1/projects/5');
    const user = userEvent.setup();
    await screen.findByText('Asset 1');
    // Ctrl+A selects every asset of the folder (the listed ones say they ask for no consent).
    const grid = screen.getByRole('grid');
    grid.focus();
    await user.keyboard('{Control>}a{/Control}');
    await user.click(await screen.findByRole('button', { name: 'Download as ZIP' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Terms of use' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept and download' }));
    await waitFor(() => expect(start).toHaveBeenCalledWith('/api/download/t'));
    const bodies = calls.filter((c) => c.path === '/api/asset/bulk-download').map((c) => c.body as { consent_token?: string });
    expect(bodies.map((b) => b.consent_token)).toEqual([undefined, 'sel.token']);
  });

  describe('a selection whose loaded assets got a token that does not cover the rest', () => {
    const LOADED_TERMS = { licences: TERMS.licences, assets: [{ ...TERMS.assets[0], id: 1, title: 'Asset 1' }] };
    // Asset 9 asks for consent now, though the listing loaded before said it did not.
    const ALL_TERMS = { licences: TERMS.licences, assets: [...LOADED_TERMS.assets, { ...TERMS.assets[1], title: 'Late asset' }] };
    const REFUSED_ALL = { status: 409, body: { success: false, error: 'Consent required', errors: {}, ...ALL_TERMS } };

    function selectionServer(bulk: FakeHandler) {
      let grants = 0;
      return server({
        'POST /api/asset/list': () => ({
          data: { items: [asset({ id: 1, requires_consent: true }), asset({ id: 2 }), asset({ id: 9 })], next_cursor: null, total: 3 },
        }),
        'GET /api/asset/consent': { data: LOADED_TERMS },
        'POST /api/asset/consent': () => {
          grants += 1;
          return { status: 201, data: { consent_token: grants === 1 ? 'loaded.token' : 'all.token', expires_at: 'x', recorded: 1 } };
        },
        'POST /api/asset/bulk-download': bulk,
      });
    }

    async function downloadSelection() {
      const user = userEvent.setup();
      await screen.findByText('Asset 1');
      screen.getByRole('grid').focus();
      await user.keyboard('{Control>}a{/Control}');
      await user.click(await screen.findByRole('button', { name: 'Download as ZIP' }));
      const first = await screen.findByRole('alertdialog', { name: 'Terms of use' });
      await waitFor(() => expect(within(first).getByText('Asset 1')).toBeTruthy());
      expect(within(first).queryByText('Late asset')).toBeNull();
      await user.click(within(first).getByRole('button', { name: 'Accept and download' }));
      return user;
    }

    it('the server’s 409 for the others offers the dialog again, and the ZIP is retried with the new token', async () => {
      const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
      const { calls } = selectionServer(({ body }) =>
        (body as { consent_token?: string }).consent_token === 'all.token' ? PREPARED : REFUSED_ALL,
      );
      renderApp('/brands/1/projects/5');
      const user = await downloadSelection();
      const again = await screen.findByRole('alertdialog', { name: 'Terms of use' });
      await waitFor(() => expect(within(again).getByText('Late asset')).toBeTruthy());
      expect(screen.queryByText('Consent required')).toBeNull();
      await user.click(within(again).getByRole('button', { name: 'Accept and download' }));
      await waitFor(() => expect(start).toHaveBeenCalledWith('/api/download/t'));
      const bodies = calls.filter((c) => c.path === '/api/asset/bulk-download').map((c) => c.body as { consent_token?: string });
      expect(bodies.map((b) => b.consent_token)).toEqual(['loaded.token', 'all.token']);
      expect(calls.filter((c) => c.path === '/api/asset/consent' && c.method === 'POST').map((c) => c.body)).toEqual([
        { asset_ids: [1, 2, 9], licence_ids: [7] },
        { asset_ids: [1, 9], licence_ids: [7] },
      ]);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(screen.queryByText('Consent required')).toBeNull();
    });

    it('offers it once only: a refusal after the second token is an error, not a third dialog', async () => {
      const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
      const { calls } = selectionServer(REFUSED_ALL);
      renderApp('/brands/1/projects/5');
      const user = await downloadSelection();
      const again = await screen.findByRole('alertdialog', { name: 'Terms of use' });
      await waitFor(() => expect(within(again).getByText('Late asset')).toBeTruthy());
      await user.click(within(again).getByRole('button', { name: 'Accept and download' }));
      expect(await screen.findByText('Consent required')).toBeTruthy();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(start).not.toHaveBeenCalled();
      expect(calls.filter((c) => c.path === '/api/asset/bulk-download')).toHaveLength(2);
    });
  });
});
