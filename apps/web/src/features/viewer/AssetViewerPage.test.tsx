import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloader } from '../../lib/download';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { Asset } from '../library/api';
import { getUploadQueue } from '../uploads/store';
import type { ScreenData } from './api';

const LOCATION = {
  library: null,
  workspace_project: null,
  folder: { id: 21, name: 'Brand assets' },
  breadcrumbs: [{ id: 21, name: 'Brand assets' }],
};

function screenData(id: number, overrides: Partial<ScreenData> = {}, assetOverrides: Partial<Asset> = {}): ScreenData {
  return {
    asset: asset({ id, set_id: 21, title: `Asset ${id}`, location: LOCATION, ...assetOverrides }),
    revisions: [
      {
        id: id * 10 + 1,
        number: 1,
        created_at: '2025-03-01T10:00:00Z',
        creator: { id: 1, name: 'Ada' },
        extension: 'png',
        size: 1000,
        width: 10,
        height: 10,
        status: 'FINISHED',
        preview_url: '/media/r1',
        filename: 'asset-1.png',
        download_url: `/api/asset/${id}/download?revision=1`,
        current: false,
      },
      {
        id: id * 10 + 2,
        number: 2,
        created_at: '2025-03-02T10:00:00Z',
        creator: { id: 1, name: 'Ada' },
        extension: 'png',
        size: 2000,
        width: 10,
        height: 10,
        status: 'FINISHED',
        preview_url: '/media/r2',
        filename: 'asset-2.png',
        download_url: `/api/asset/${id}/download?revision=2`,
        current: true,
      },
    ],
    attachments: [
      {
        id: 70,
        asset_id: id,
        title: 'Licence',
        extension: 'pdf',
        size: 4096,
        file_id: 700,
        color_space: null,
        download_url: '/api/attachment/70/download',
        created_at: '2025-03-02T10:00:00Z',
      },
    ],
    page_preview_urls: [],
    previous_id: id > 10 ? id - 1 : null,
    next_id: id < 12 ? id + 1 : null,
    ...overrides,
  };
}

function server(overrides: Record<string, FakeHandler> = {}, level: 'VIEW' | 'EDIT' = 'EDIT') {
  const routes: Record<string, FakeHandler> = {
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions: projectPermissions(level) }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5', [folder(21, 'Brand assets')]) },
    'GET /api/project/5/download-custom-sizes': { data: [{ name: 'Web', width: 1200, height: 800, format: 'jpeg' }] },
    'POST /api/asset/list': { data: { items: [], next_cursor: null, total: 0 } },
  };
  for (const id of [10, 11, 12]) {
    // The server sends the caller's permissions on the project with each asset.
    const permissions = projectPermissions(level);
    routes[`GET /api/screen/data/${id}`] = { data: screenData(id, {}, { permissions }) };
    routes[`GET /api/asset/${id}`] = {
      data: asset({ id, set_id: 21, title: `Asset ${id}`, preview_url: `/media/${id}/1600`, permissions }),
    };
  }
  return fakeServer({ ...routes, ...overrides });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => getUploadQueue().reset());

describe('asset viewer', () => {
  it('← / → and J / K go to the previous and next asset; Escape returns to the folder', async () => {
    server();
    const { router } = renderApp('/brands/1/projects/5/assets/11');
    await screen.findByRole('heading', { level: 1, name: 'Asset 11' });
    const path = () => router.state.location.pathname;

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await waitFor(() => expect(path()).toBe('/brands/1/projects/5/assets/12'));
    await screen.findByRole('heading', { level: 1, name: 'Asset 12' });
    // The last asset has no next one.
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(path()).toBe('/brands/1/projects/5/assets/12');

    fireEvent.keyDown(document.body, { key: 'k' });
    await waitFor(() => expect(path()).toBe('/brands/1/projects/5/assets/11'));
    await screen.findByRole('heading', { level: 1, name: 'Asset 11' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(path()).toBe('/brands/1/projects/5/assets/10'));
    await screen.findByRole('heading', { level: 1, name: 'Asset 10' });
    fireEvent.keyDown(document.body, { key: 'J' });
    await waitFor(() => expect(path()).toBe('/brands/1/projects/5/assets/11'));
    await screen.findByRole('heading', { level: 1, name: 'Asset 11' });

    // Typing in a field is not navigation.
    const title = screen.getByLabelText(/^Title/);
    fireEvent.keyDown(title, { key: 'ArrowRight' });
    fireEvent.keyDown(title, { key: 'j' });
    fireEvent.keyDown(title, { key: 'Escape' });
    expect(path()).toBe('/brands/1/projects/5/assets/11');

    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(path()).toBe('/brands/1/projects/5/folders/21'));
  });

  it('shows the zoomable preview, the details and the information, and downloads the original or a custom size', async () => {
    const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
    server();
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Asset 11' });
    const image = await screen.findByRole('img', { name: 'Asset 11' });
    expect(image.getAttribute('src')).toBe('/media/11/1600');
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(screen.getByText('640 × 480 px')).toBeTruthy();
    expect(screen.getByText('sRGB')).toBeTruthy();

    const level = document.querySelector('output.zoom__level');
    if (!level) throw new Error('No zoom level');
    expect(level.textContent).toBe('100%');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(level.textContent).toBe('125%');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(level.textContent).toBe('80%');

    await user.click(screen.getByRole('button', { name: /Download/ }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: /Web/ }));
    expect(start).toHaveBeenCalledWith('/api/asset/11/download?size=Web');
    await user.click(screen.getByRole('button', { name: /Download/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Original/ }));
    expect(start).toHaveBeenLastCalledWith('/api/asset/11/download');
  });

  it('downloads an image in an ad-hoc size and format, checked with the shared schema first', async () => {
    const start = vi.spyOn(downloader, 'start').mockImplementation(() => {});
    server({}, 'VIEW');
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Asset 11' });
    const openDialog = async () => {
      await user.click(screen.getByRole('button', { name: /Download/ }));
      const menu = await screen.findByRole('menu');
      // The project's sizes say their box, fit and format.
      expect(within(menu).getByRole('menuitem', { name: /Web/ }).textContent).toContain('1200 × 800 · Crop to fill · JPEG');
      await user.click(within(menu).getByRole('menuitem', { name: 'Other size or format…' }));
      return screen.findByRole('dialog', { name: 'Download in another size or format' });
    };

    let dialog = await openDialog();
    const width = within(dialog).getByLabelText('Width (px)');
    // More than a transform renders: refused at the field with the server's words, nothing downloads.
    await user.type(width, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('Must be at most 4096 pixels')).toBeTruthy();
    expect(width.getAttribute('aria-invalid')).toBe('true');
    await user.clear(width);
    await user.type(width, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('Must be a number')).toBeTruthy();
    expect(start).not.toHaveBeenCalled();

    // 500 wide, the height left empty (the ratio is kept), as WebP.
    await user.clear(width);
    await user.type(width, '500');
    expect(within(dialog).queryByRole('button', { name: /When both sides are given/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /Format/ }));
    await user.click(await screen.findByRole('option', { name: 'WebP' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(start).toHaveBeenLastCalledWith('/api/asset/11/download?width=500&format=webp');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The dialog keeps what was asked last time. Both sides: crop or pad.
    dialog = await openDialog();
    expect((within(dialog).getByLabelText('Width (px)') as HTMLInputElement).value).toBe('500');
    await user.clear(within(dialog).getByLabelText('Width (px)'));
    await user.type(within(dialog).getByLabelText('Width (px)'), '300');
    await user.type(within(dialog).getByLabelText('Height (px)'), '300');
    await user.click(within(dialog).getByRole('button', { name: /When both sides are given/ }));
    await user.click(await screen.findByRole('option', { name: 'Pad to fit' }));
    await user.click(within(dialog).getByRole('button', { name: /Format/ }));
    await user.click(await screen.findByRole('option', { name: 'PNG' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(start).toHaveBeenLastCalledWith('/api/asset/11/download?width=300&height=300&format=png&fit=pad');
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('an editor saves title, description and alternative text with PATCH', async () => {
    const { calls } = server({ 'PATCH /api/asset/11': ({ body }) => ({ data: asset({ id: 11, ...(body as object) }) }) });
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    const alt = await screen.findByLabelText(/^Alternative text/);
    await user.type(alt, 'A red logo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ alternative_text: 'A red logo' });
  });

  it('says Saved beside Save after a save that changed the asset, until the fields change again', async () => {
    // The answer carries a new modified_at: the viewer rebuilds the details panel with the saved values.
    server({
      'PATCH /api/asset/11': ({ body }) => ({ data: asset({ id: 11, ...(body as object), modified_at: '2030-01-01T00:00:00Z' }) }),
    });
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Description/, {}, { timeout: 5000 }), 'Spring');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const form = () => screen.getByRole('region', { name: 'Details' });
    await waitFor(() => expect(within(form()).getByRole('status').textContent).toBe('Saved'));
    expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe('Spring');
    await user.type(screen.getByLabelText(/^Description/), '!');
    expect(within(form()).getByRole('status').textContent).toBe('');
  });

  it('says Not saved beside Save when the title is left empty', async () => {
    const { calls } = server();
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText(/^Title/, {}, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(screen.getByRole('region', { name: 'Details' })).getByRole('status').textContent).toBe('Not saved');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('attachments: everyone downloads; only editors get the actions menu to rename', async () => {
    const { calls } = server({ 'POST /api/attachment/update/70': { data: {} } });
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Download Licence' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Actions for Licence' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename attachment' });
    const field = within(dialog).getByLabelText(/^Name/);
    await user.clear(field);
    await user.type(field, 'Licence 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/attachment/update/70')?.body).toEqual({ title: 'Licence 2025' }));
  });

  it('a viewer sees details read-only and no attachment actions', async () => {
    server({}, 'VIEW');
    renderApp('/brands/1/projects/5/assets/11');
    expect(await screen.findByRole('link', { name: 'Download Licence' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actions for Licence' })).toBeNull();
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload new revision' })).toBeNull();
  });

  it('links to comparerevision when the asset has two revisions', async () => {
    server();
    renderApp('/brands/1/projects/5/assets/11');
    const link = await screen.findByRole('link', { name: 'Compare revisions' });
    expect(link.getAttribute('href')).toBe('/brands/1/projects/5/assets/11/comparerevision');
  });

  it('while processing it shows a spinner and polls until the previews are made', async () => {
    let calls = 0;
    server({
      'GET /api/screen/data/11': () => {
        calls += 1;
        return { data: screenData(11, {}, { status: calls < 2 ? 'PROCESSING' : 'FINISHED' }) };
      },
    });
    renderApp('/brands/1/projects/5/assets/11');
    expect(await screen.findByText('Making previews… This page updates by itself.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Making previews… This page updates by itself.')).toBeNull(), { timeout: 4000 });
    expect(await screen.findByRole('img', { name: 'Asset 11' })).toBeTruthy();
  });

  it('an asset of another project is not found', async () => {
    server({ 'GET /api/screen/data/11': { data: { ...screenData(11), asset: asset({ id: 11, project_id: 6 }) } } });
    renderApp('/brands/1/projects/5/assets/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
  it('pages through a multi-page PDF with previous / next page buttons', async () => {
    const pages = ['/media/p/1?page=1', '/media/p/1?page=2', '/media/p/1?page=3'];
    const pdf = { type: 'Document' as const, extension: 'pdf', page_count: 3 };
    server({
      'GET /api/screen/data/11': { data: screenData(11, { page_preview_urls: pages }, pdf) },
      'GET /api/asset/11': { data: asset({ id: 11, set_id: 21, title: 'Asset 11', preview_url: '/media/11/1600', ...pdf }) },
    });
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Pages' });
    const image = () => screen.getByRole('img', { name: /^Asset 11, page/ });
    expect(within(nav).getByText('Page 1 of 3')).toBeTruthy();
    expect(image().getAttribute('src')).toBe(pages[0]);
    expect(image().getAttribute('alt')).toBe('Asset 11, page 1 of 3');
    const previous = within(nav).getByRole('button', { name: 'Previous page' });
    const next = within(nav).getByRole('button', { name: 'Next page' });
    expect(previous.hasAttribute('disabled')).toBe(true);

    await user.click(next);
    expect(within(nav).getByText('Page 2 of 3')).toBeTruthy();
    expect(image().getAttribute('src')).toBe(pages[1]);
    // Keyboard: the buttons are reached with Tab and pressed with Enter or Space.
    next.focus();
    await user.keyboard('{Enter}');
    expect(within(nav).getByText('Page 3 of 3')).toBeTruthy();
    expect(image().getAttribute('src')).toBe(pages[2]);
    expect(next.hasAttribute('disabled')).toBe(true);
    previous.focus();
    await user.keyboard(' ');
    expect(within(nav).getByText('Page 2 of 3')).toBeTruthy();
    // The page selector replaces the first-page-only note.
    expect(screen.queryByText(/The preview shows the first page/)).toBeNull();
  });

  it('a single-page document keeps the plain preview without a page selector', async () => {
    const pdf = { type: 'Document' as const, extension: 'pdf', page_count: 1 };
    server({
      'GET /api/screen/data/11': { data: screenData(11, { page_preview_urls: [] }, pdf) },
      'GET /api/asset/11': { data: asset({ id: 11, set_id: 21, title: 'Asset 11', preview_url: '/media/11/1600', ...pdf }) },
    });
    renderApp('/brands/1/projects/5/assets/11');
    await screen.findByRole('img', { name: 'Asset 11' });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Asset 11' }).getAttribute('src')).toBe('/media/11/1600'));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});

describe('asset viewer while it loads', () => {
  it('shows the skeleton of the viewer at once while the asset first loads, then the asset, and the folder sort goes along', async () => {
    server();
    const answer = globalThis.fetch;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/screen/data/11')) await gate;
      return answer(input, init);
    });
    renderApp('/brands/1/projects/5/assets/11?sort=size');
    const busy = await screen.findByText('Loading asset', {}, { timeout: 5000 });
    expect(busy.closest('[data-skeleton]')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    act(() => release());
    await screen.findByRole('heading', { level: 1, name: 'Asset 11' }, { timeout: 5000 });
    expect(screen.queryByText('Loading asset')).toBeNull();
    expect(screen.getByRole('link', { name: /Back to/ }).getAttribute('href')).toBe('/brands/1/projects/5/folders/21?sort=size');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/brands/1/projects/5/assets/12?sort=size');
  });

  it('an asset that is not found after the skeleton is the not-found page', async () => {
    server({ 'GET /api/screen/data/11': { status: 404, body: { success: false, error: 'Not found' } } });
    renderApp('/brands/1/projects/5/assets/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 })).toBeTruthy();
  });
});
