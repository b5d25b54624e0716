import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloader } from '../../lib/download';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';
import type { FolderNode } from '../../toolkit/folders';
import type { UploadCallbacks, UploadTransport } from '../uploads/queue';
import { getUploadQueue, replaceUploadTransport } from '../uploads/store';
import type { Asset } from './api';

const TREE: FolderNode = folder(0, 'Library 5', [folder(21, 'Brand assets', [folder(22, 'Logos', [], 3)], 4), folder(23, 'Campaigns')]);
const ROOT_ASSETS = [1, 2, 3, 4, 5, 6].map((id) => asset({ id }));

function server(overrides: Record<string, FakeHandler> = {}, options: { assets?: Asset[]; level?: 'VIEW' | 'EDIT' | 'ADMIN' } = {}) {
  const assets = options.assets ?? ROOT_ASSETS;
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': {
      data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions: projectPermissions(options.level ?? 'ADMIN') }),
    },
    'GET /api/project/5/set': { data: TREE },
    'POST /api/asset/list': ({ body }) => {
      const setId = (body as { set_id: number }).set_id;
      const items = setId === 0 ? assets : setId === 21 ? [asset({ id: 31, set_id: 21, title: 'In brand assets' })] : [];
      return { data: { items, next_cursor: null, total: items.length } };
    },
    ...overrides,
  });
}

function cellOf(title: string): HTMLElement {
  const cell = screen.getByText(title).closest<HTMLElement>('[role="gridcell"]');
  if (!cell) throw new Error(`No cell for ${title}`);
  return cell;
}

const selectedTitles = () =>
  screen
    .getAllByRole('gridcell')
    .filter((c) => c.getAttribute('aria-selected') === 'true')
    .map((c) => c.querySelector('.tile__title')?.textContent);

let restoreLayout: () => void;
beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  restoreLayout = stubLayout({ width: 1200, height: 800 });
});
afterEach(() => {
  restoreLayout();
  getUploadQueue().reset();
});

describe('library browser', () => {
  it('lists sub-folders first, then the assets, with the folder tree and breadcrumbs', async () => {
    const { calls } = server();
    renderApp('/brands/1/projects/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Library 5' })).toBeTruthy();
    await screen.findByText('Asset 1');
    const titles = screen.getAllByRole('gridcell').map((c) => c.querySelector('.tile__title')?.textContent);
    expect(titles.slice(0, 3)).toEqual(['Brand assets', 'Campaigns', 'Asset 1']);
    const nav = screen.getByRole('navigation', { name: 'Folders' });
    expect(within(nav).getByRole('link', { name: 'Library 5' }).getAttribute('aria-current')).toBe('page');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByRole('link', { name: 'Acme' })).toBeTruthy();
    const list = calls.find((c) => c.path === '/api/asset/list');
    expect(list?.body).toMatchObject({ project_id: 5, set_id: 0, include_preview_url: true, preview_width: 400, limit: 200 });
  });

  it('an empty folder says to drop files or use Upload', async () => {
    server();
    renderApp('/brands/1/projects/5/folders/23');
    expect(await screen.findByRole('heading', { name: 'This folder is empty' })).toBeTruthy();
    expect(screen.getByText('Drop files here or use Upload.')).toBeTruthy();
  });

  it('an unknown folder id is not found', async () => {
    server();
    renderApp('/brands/1/projects/5/folders/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('a project of another brand is not found (ids compared as numbers)', async () => {
    server();
    renderApp('/brands/2/projects/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('polls the folder every 2 s while an asset is processing, and shows the badge', async () => {
    let polls = 0;
    const { calls } = server({
      'POST /api/asset/list': () => {
        polls += 1;
        const item = asset({ id: 1, status: polls < 2 ? 'PROCESSING' : 'FINISHED' });
        return { data: { items: [item, asset({ id: 2 })], next_cursor: null, total: 2 } };
      },
    });
    renderApp('/brands/1/projects/5');
    expect(await screen.findByText('Processing', {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Processing')).toBeNull(), { timeout: 4000 });
    // Only the processing asset is asked for again, by id.
    expect(calls.filter((c) => c.path === '/api/asset/list').map((c) => (c.body as { ids?: number[] }).ids)).toEqual([undefined, [1]]);
    const after = polls;
    await new Promise((r) => setTimeout(r, 2300));
    // Finished: no more polling.
    expect(polls).toBe(after);
  });
});

describe('multi-select', () => {
  it('checkbox click, Shift-click range, Ctrl-click toggle, Escape clears, Ctrl+A selects all pages', async () => {
    server({
      'POST /api/asset/list': ({ body }) => {
        const cursor = (body as { cursor?: string }).cursor;
        const items = cursor === 'page2' ? [7, 8].map((id) => asset({ id })) : ROOT_ASSETS;
        return { data: { items, next_cursor: cursor ? null : 'page2', total: 8 } };
      },
    });
    renderApp('/brands/1/projects/5/folders/22');
    await screen.findByText('Asset 1');

    fireEvent.click(within(cellOf('Asset 2')).getByTestId('tile-check'));
    expect(selectedTitles()).toEqual(['Asset 2']);
    expect(screen.getByText('1 selected')).toBeTruthy();

    fireEvent.click(cellOf('Asset 4'), { shiftKey: true });
    expect(selectedTitles()).toEqual(['Asset 2', 'Asset 3', 'Asset 4']);

    fireEvent.click(cellOf('Asset 6'), { ctrlKey: true });
    fireEvent.click(cellOf('Asset 3'), { ctrlKey: true });
    expect(selectedTitles()).toEqual(['Asset 2', 'Asset 4', 'Asset 6']);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(selectedTitles()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Selected assets' })).toBeNull();

    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    await waitFor(() => expect(screen.getByText('8 selected')).toBeTruthy());
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveProperty('checked', true);
  });

  it('a plain click opens the asset instead of selecting it', async () => {
    server({ 'GET /api/screen/data/3': { status: 404, body: { success: false, error: 'Not found' } } });
    const { router } = renderApp('/brands/1/projects/5');
    await screen.findByText('Asset 3');
    fireEvent.click(cellOf('Asset 3'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/1/projects/5/assets/3'));
  });

  it("moves the selection to the trash from the selection bar's More menu, after a confirmation; Undo restores it", async () => {
    const trashed = { deleted: [1, 2], trashed: true, deleted_at: '2026-01-01T00:00:00Z', expires_at: '2026-01-31T00:00:00Z' };
    const { calls } = server({
      'POST /api/screen/delete': { data: trashed },
      'POST /api/project/5/trash/restore': { data: { asset_ids: [1, 2], set_ids: [] } },
    });
    renderApp('/brands/1/projects/5');
    const user = userEvent.setup();
    await screen.findByText('Asset 1');
    fireEvent.click(within(cellOf('Asset 1')).getByTestId('tile-check'));
    fireEvent.click(within(cellOf('Asset 2')).getByTestId('tile-check'));
    // No red Delete button in the bar: it is in the bar's menu.
    expect(screen.queryByRole('button', { name: 'Move to trash…' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More actions for the selected assets' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to trash…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 assets?' });
    expect(within(dialog).getByText(/go to the trash of Library 5 for 30 days/)).toBeTruthy();
    expect(within(dialog).queryByText(/cannot be undone/)).toBeNull();
    expect(calls.some((c) => c.path === '/api/screen/delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Move 2 assets to trash' }));
    await screen.findByText('Moved 2 assets to the trash for 30 days.');
    expect(calls.find((c) => c.path === '/api/screen/delete')?.body).toEqual({ asset_ids: [1, 2] });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('Restored from the trash.');
    expect(calls.find((c) => c.path === '/api/project/5/trash/restore')?.body).toEqual({ asset_ids: [1, 2] });
  });

  it('downloads the selection as a ZIP (POST /api/asset/bulk-download, then the download URL)', async () => {
    const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
    const { calls } = server({
      'POST /api/asset/bulk-download': { data: { token: 't', download_url: '/api/download/t', count: 1, total_bytes: 10 } },
    });
    renderApp('/brands/1/projects/5');
    const user = userEvent.setup();
    await screen.findByText('Asset 1');
    fireEvent.click(within(cellOf('Asset 5')).getByTestId('tile-check'));
    await user.click(screen.getByRole('button', { name: 'Download as ZIP' }));
    await waitFor(() => expect(start).toHaveBeenCalledWith('/api/download/t'));
    expect(calls.find((c) => c.path === '/api/asset/bulk-download')?.body).toEqual({ asset_ids: [5] });
  });

  it('moves the selection with the folder picker (POST /api/assets/transfer)', async () => {
    const { calls } = server({ 'POST /api/assets/transfer': { data: { assets: [1, 3], folders: [] } } });
    renderApp('/brands/1/projects/5');
    const user = userEvent.setup();
    await screen.findByText('Asset 1');
    fireEvent.click(within(cellOf('Asset 1')).getByTestId('tile-check'));
    fireEvent.click(within(cellOf('Asset 3')).getByTestId('tile-check'));
    await user.click(screen.getByRole('button', { name: 'Move…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 assets' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search folders' }), 'LOGO');
    await user.click(within(dialog).getByRole('row', { name: /Logos/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await screen.findByText('Moved 2 assets to “Logos”.');
    expect(calls.find((c) => c.path === '/api/assets/transfer')?.body).toEqual({
      source: { project: 5 },
      target: { project: 5, folder: 22 },
      folders: [],
      assets: [1, 3],
      metadata: true,
      mode: 'move',
    });
  });

  it('viewers get no move, delete, upload or folder actions', async () => {
    server({}, { level: 'VIEW' });
    renderApp('/brands/1/projects/5');
    await screen.findByText('Asset 1');
    fireEvent.click(within(cellOf('Asset 1')).getByTestId('tile-check'));
    expect(screen.getByRole('button', { name: 'Download as ZIP' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions for the selected assets' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New folder' })).toBeNull();
  });
});

describe('folder actions', () => {
  it('delete asks first and says the folder goes to the trash with its contents; then goes to the parent, with Undo', async () => {
    let deleted = false;
    const { calls } = server({
      'DELETE /api/set/21': () => {
        deleted = true;
        return {
          data: { id: 21, trashed: true, deleted_at: 'x', expires_at: 'y', trashed_sets: 2, trashed_assets: 7, target_set_id: 0 },
        };
      },
      'GET /api/project/5/set': () => ({ data: deleted ? folder(0, 'Library 5', [folder(23, 'Campaigns')]) : TREE }),
    });
    const { router } = renderApp('/brands/1/projects/5/folders/21');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Brand assets' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete folder…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete folder “Brand assets”?' });
    // 4 in the folder and 3 in its sub-folder "Logos".
    expect(within(dialog).getByText('The folder goes to the trash with its 7 assets, including those in sub-folders.')).toBeTruthy();
    expect(within(dialog).getByText(/stays there for 30 days/)).toBeTruthy();
    expect(within(dialog).getByText('Its sub-folder is deleted too.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete folder…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/1/projects/5'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/set/21')).toBe(true);
    await screen.findByText('Moved the folder “Brand assets” and its 7 assets to the trash for 30 days.', {}, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('creates a folder in the current one with name and colour', async () => {
    const { calls } = server({
      'POST /api/set/create/5': {
        status: 201,
        data: { id: 40, project_id: 5, parent_id: 21, name: 'Print', color: '#EEEEEE', asset_count: 0, created_at: '' },
      },
    });
    renderApp('/brands/1/projects/5/folders/21');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(await within(dialog).findByText('Is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Folder name/), 'Print');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/set/create/5')?.body).toEqual({ name: 'Print', color: '#EEEEEE', parent: 21 });
  });
});

/** A transport whose uploads the test finishes by hand. */
function fakeTransport() {
  const runs: { file: File; callbacks: UploadCallbacks }[] = [];
  const transport: UploadTransport = {
    start: (file, _options, callbacks) => {
      runs.push({ file, callbacks });
      return { abort: () => {} };
    },
  };
  return { transport, runs };
}

describe('uploads from the browser', () => {
  it('refused extensions are listed before anything is sent; the others upload and become assets', async () => {
    const { transport, runs } = fakeTransport();
    replaceUploadTransport(transport);
    const { calls } = server({
      'GET /api/project/5/asset-extension': { data: { allowed: ['png', 'jpg'], blocked: ['exe'] } },
      'GET /api/account/usage/storage': { data: { used_bytes: 0, limit_bytes: 0, used_kb: 0, max_kb: 0 } },
      'POST /api/asset': { status: 201, data: asset({ id: 99 }) },
    });
    renderApp('/brands/1/projects/5/folders/21');
    const user = userEvent.setup();
    await screen.findByText('In brand assets');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    await user.upload(input, [
      new File(['x'], 'logo.png', { type: 'image/png' }),
      new File(['x'], 'virus.exe'),
      new File(['x'], 'notes.TXT'),
    ]);

    const dialog = await screen.findByRole('dialog', { name: "These files can't be uploaded here" });
    expect(within(dialog).getByText('virus.exe')).toBeTruthy();
    expect(within(dialog).getByText('notes.TXT')).toBeTruthy();
    expect(within(dialog).queryByText('logo.png')).toBeNull();
    expect(within(dialog).getByText('Allowed types: .png, .jpg.')).toBeTruthy();
    expect(runs).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Upload the other file' }));
    await waitFor(() => expect(runs.map((r) => r.file.name)).toEqual(['logo.png']));
    const panel = screen.getByRole('region', { name: /Uploads/ });
    expect(within(panel).getByText('logo.png')).toBeTruthy();
    const bar = within(panel).getByRole('progressbar', { name: 'Upload of logo.png' });
    runs[0]?.callbacks.onProgress(1, 2);
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'));

    runs[0]?.callbacks.onSuccess('99');
    // Every upload done: the tray folds into its indicator, which says so.
    expect(await within(panel).findByRole('button', { name: /Uploads 1 uploaded/ })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/asset')?.body).toEqual({ file_id: '99', project_id: 5, set_id: 21 });
  });

  it('a selection over the storage limit shows the storage-limit dialog and does not start', async () => {
    const { transport, runs } = fakeTransport();
    replaceUploadTransport(transport);
    server({
      'GET /api/project/5/asset-extension': { data: { allowed: null, blocked: [] } },
      'GET /api/account/usage/storage': { data: { used_bytes: 1000, limit_bytes: 1024, used_kb: 1, max_kb: 1 } },
    });
    renderApp('/brands/1/projects/5');
    const user = userEvent.setup();
    await screen.findByText('Asset 1');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    await user.upload(input, [new File([new Uint8Array(100)], 'big.png', { type: 'image/png' })]);
    const dialog = await screen.findByRole('dialog', { name: 'Not enough storage' });
    expect(within(dialog).getByText("This file needs 100 B, but only 24 B of your account's 1.0 KB is left.")).toBeTruthy();
    expect(runs).toHaveLength(0);
  });

  it('files dropped on the browser upload too; a refusal shows the server message and can be retried', async () => {
    const { transport, runs } = fakeTransport();
    replaceUploadTransport(transport);
    server({
      'GET /api/project/5/asset-extension': { data: { allowed: null, blocked: [] } },
      'GET /api/account/usage/storage': { data: { used_bytes: 0, limit_bytes: 0, used_kb: 0, max_kb: 0 } },
    });
    renderApp('/brands/1/projects/5');
    await screen.findByText('Asset 1');
    const files = ['a.png', 'b.png', 'c.png', 'd.png'].map((n) => new File(['x'], n, { type: 'image/png' }));
    const dropZone = screen.getByTestId('library-drop');
    fireEvent.dragEnter(dropZone, { dataTransfer: { types: ['Files'], files } });
    expect(screen.getByText('Drop files to upload them to Library 5')).toBeTruthy();
    fireEvent.drop(dropZone, { dataTransfer: { types: ['Files'], files } });
    // At most three at once.
    await waitFor(() => expect(runs.map((r) => r.file.name)).toEqual(['a.png', 'b.png', 'c.png']));
    const panel = screen.getByRole('region', { name: /Uploads/ });
    expect(within(panel).getByText('Queued')).toBeTruthy();

    runs[0]?.callbacks.onError('Storage limit exceeded.');
    expect(await within(panel).findByText('Storage limit exceeded.')).toBeTruthy();
    await waitFor(() => expect(runs).toHaveLength(4));
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Retry a.png' }));
    // Three are still running (b, c, d): the retried file waits for a free slot.
    expect(runs.filter((r) => r.file.name === 'a.png')).toHaveLength(1);
    expect(within(panel).queryByText('Storage limit exceeded.')).toBeNull();
    runs[1]?.callbacks.onError('Files of type .png are not allowed here');
    await waitFor(() => expect(runs.filter((r) => r.file.name === 'a.png')).toHaveLength(2));
    expect(await within(panel).findByText('Files of type .png are not allowed here')).toBeTruthy();
  });
});
