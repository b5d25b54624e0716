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
});
