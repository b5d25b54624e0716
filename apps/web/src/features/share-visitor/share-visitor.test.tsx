import type { ShareLinkLookup, ShareVisitorAsset, ShareVisitorAssets, ShareVisitorFolder } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, type FakeHandler, fakeServer, renderApp } from '../../test/utils';
import { fileSaver } from './api';

const TOKEN = 'Tk_'.padEnd(32, 'x');
const API = `/api/share-link/${TOKEN}`;
const PAGE = 'page=1&per_page=60';

function lookup(overrides: Partial<ShareLinkLookup> = {}): ShareLinkLookup {
  return {
    id: TOKEN,
    type: 'folder',
    is_password_protected: false,
    is_unlocked: true,
    destination_path: 'fs/folders/7',
    token_payload: { set_id: 7 },
    ...overrides,
  };
}

function asset(id: number, overrides: Partial<ShareVisitorAsset> = {}): ShareVisitorAsset {
  return {
    id,
    title: `Photo ${id}`,
    description: '',
    extension: 'jpg',
    file_type_group: 'image',
    size: 2_048,
    width: 1600,
    height: 900,
    page_count: null,
    thumbnail_url: `/media/thumb-${id}.jpg?sl=1.tag`,
    preview_url: `/media/preview-${id}.jpg?sl=1.tag`,
    downloads: { original: true, preview: true },
    download_url: `${API}/assets/${id}/download`,
    preview_download_url: `${API}/assets/${id}/download?kind=preview`,
    ...overrides,
  };
}

function folder(overrides: Partial<ShareVisitorFolder> = {}): ShareVisitorFolder {
  return {
    folder: { id: 7, name: 'Campaign' },
    breadcrumbs: [{ id: 7, name: 'Campaign' }],
    folders: [{ id: 8, name: 'Print' }],
    assets: [asset(1), asset(2)],
    page: 1,
    per_page: 60,
    total: 2,
    download: 'ORIGINAL',
    zip_url: `${API}/download.zip`,
    ...overrides,
  };
}

function assetList(overrides: Partial<ShareVisitorAssets> = {}): ShareVisitorAssets {
  return {
    type: 'collection',
    title: 'Summer launch',
    description: 'Everything for the summer launch.',
    assets: [asset(1), asset(2)],
    page: 1,
    per_page: 60,
    total: 2,
    download: 'ORIGINAL',
    zip_url: `${API}/download.zip`,
    ...overrides,
  };
}

function visitor(routes: Record<string, FakeHandler>) {
  return fakeServer({
    'GET /api/auth/session': { status: 401, body: { success: false, error: 'Not signed in', errors: {} } },
    ...routes,
  });
}

const saved: { url: string; name: string }[] = [];

beforeEach(() => {
  acceptCookies();
  saved.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(fileSaver, 'save').mockImplementation((url, name) => void saved.push({ url, name }));
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost/file'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('share-link addresses', () => {
  it('says "No share link ID provided" on the not-found page when the token is missing', async () => {
    const { calls } = visitor({});
    renderApp('/share');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('No share link ID provided')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/share-link'))).toBe(false);
  });

  it('shows the not-found page for an unknown, disabled or expired link', async () => {
    visitor({ [`GET ${API}`]: { status: 404, body: { success: false, error: 'Not found', errors: {} } } });
    renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('No share link ID provided')).toBeNull();
  });

  it('says "Unknown share link type" for a type it does not know', async () => {
    visitor({ [`GET ${API}`]: { data: lookup({ type: 'board' as ShareLinkLookup['type'], token_payload: { set_id: 7 } }) } });
    renderApp(`/share/${TOKEN}`);
    expect(await screen.findByText('Unknown share link type')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('replaces /share/{token} with the folder of a folder link and shows its sub-folders, assets and ZIP', async () => {
    visitor({
      [`GET ${API}`]: { data: lookup() },
      [`GET ${API}/folders/7?${PAGE}`]: { data: folder() },
    });
    const { router } = renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/share/${TOKEN}/folders/7`);
    expect(router.state.historyAction).toBe('REPLACE');
    const crumbs = screen.getByRole('navigation', { name: 'Folders' });
    expect(within(crumbs).getByText('Campaign').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Print' }).getAttribute('href')).toBe(`/share/${TOKEN}/folders/8`);
    const grid = screen.getByRole('list', { name: 'Assets in Campaign' });
    const tile = within(grid).getByRole('link', { name: /Photo 1/ });
    expect(tile.getAttribute('href')).toBe(`/share/${TOKEN}/folders/7/assets/1`);
    expect(tile.querySelector('img')?.getAttribute('src')).toBe('/media/thumb-1.jpg?sl=1.tag');
    expect(screen.getByText('2 of 2 assets shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download all' })).toBeTruthy();
  });

  it('shows breadcrumbs from the shared folder down, loads more assets page by page, and hides the ZIP when not offered', async () => {
    const { calls } = visitor({
      [`GET ${API}`]: { data: lookup() },
      [`GET ${API}/folders/9?${PAGE}`]: {
        data: folder({
          folder: { id: 9, name: 'Posters' },
          breadcrumbs: [
            { id: 7, name: 'Campaign' },
            { id: 9, name: 'Posters' },
          ],
          folders: [],
          assets: [asset(1)],
          total: 2,
          per_page: 60,
          download: 'PREVIEW',
          zip_url: null,
        }),
      },
      [`GET ${API}/folders/9?page=2&per_page=60`]: {
        data: folder({ folder: { id: 9, name: 'Posters' }, folders: [], assets: [asset(2)], page: 2, total: 2, zip_url: null }),
      },
    });
    renderApp(`/share/${TOKEN}/folders/9`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Posters' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Folders' });
    expect(within(crumbs).getByRole('link', { name: 'Campaign' }).getAttribute('href')).toBe(`/share/${TOKEN}/folders/7`);
    expect(screen.queryByRole('button', { name: 'Download all' })).toBeNull();
    expect(screen.getByText(/originals are not offered/)).toBeTruthy();
    expect(screen.getByText('1 of 2 assets shown')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Photo 2/ })).toBeTruthy();
    expect(screen.getByText('2 of 2 assets shown')).toBeTruthy();
    expect(calls.some((c) => c.path === `${API}/folders/9?page=2&per_page=60`)).toBe(true);
  });

  it('says what to do in an empty folder', async () => {
    visitor({
      [`GET ${API}`]: { data: lookup() },
      [`GET ${API}/folders/7?${PAGE}`]: { data: folder({ folders: [], assets: [], total: 0, zip_url: null }) },
    });
    renderApp(`/share/${TOKEN}/folders/7`);
    expect(await screen.findByRole('heading', { name: 'This folder is empty' })).toBeTruthy();
    expect(screen.getByText(/ask whoever shared the link/)).toBeTruthy();
  });

  it('shows the not-found page for a folder outside the shared one and for a collection address of a folder link', async () => {
    visitor({
      [`GET ${API}`]: { data: lookup() },
      [`GET ${API}/folders/3?${PAGE}`]: { status: 404, body: { success: false, error: 'Not found', errors: {} } },
    });
    const { router } = renderApp(`/share/${TOKEN}/folders/3`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await router.navigate(`/share/${TOKEN}/collections/4`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('"Download all"', () => {
  it('shows that the download is being prepared, then hands the ZIP to the browser', async () => {
    const { fetchMock } = visitor({
      [`GET ${API}`]: { data: lookup() },
      [`GET ${API}/folders/7?${PAGE}`]: { data: folder() },
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === `${API}/download.zip`) {
        await gate;
        return new Response('PK-zip-bytes', {
          status: 200,
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename*=UTF-8''Campaign%20photos.zip` },
        });
      }
      return (answer as NonNullable<typeof answer>)(input, init);
    });
    renderApp(`/share/${TOKEN}/folders/7`);
    await userEvent.click(await screen.findByRole('button', { name: 'Download all' }));
    expect(await screen.findByText('Preparing the download…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Download of all assets' })).toBeTruthy();
    release();
    await waitFor(() => expect(saved).toEqual([{ url: 'blob:http://localhost/file', name: 'Campaign photos.zip' }]));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it("shows the server's reason when the download is refused", async () => {
    visitor({
      [`GET ${API}`]: { data: lookup() },
      [`GET ${API}/folders/7?${PAGE}`]: { data: folder() },
      [`GET ${API}/download.zip`]: { status: 409, body: { success: false, error: 'Consent required', errors: {} } },
    });
    renderApp(`/share/${TOKEN}/folders/7`);
    await userEvent.click(await screen.findByRole('button', { name: 'Download all' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Consent required');
    expect(saved).toEqual([]);
  });
});

describe('password-protected links', () => {
  it('asks for the password, explains a wrong one and a throttled one, then shows the folder', async () => {
    let tries = 0;
    const { calls } = visitor({
      [`GET ${API}`]: { data: lookup({ is_password_protected: true, is_unlocked: false }) },
      [`POST ${API}/unlock`]: ({ body }) => {
        tries += 1;
        if ((body as { password: string }).password === 'right one') return { data: { unlocked: true, until: '2030-01-01T00:00:00.000Z' } };
        if (tries >= 2) return { status: 429, headers: { 'Retry-After': '120' }, body: { success: false, error: 'Too many', errors: {} } };
        return { status: 401, body: { success: false, error: 'Wrong password', errors: {} } };
      },
      [`GET ${API}/folders/7?${PAGE}`]: { data: folder() },
    });
    renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is protected' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith(`${API}/folders`))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const field = screen.getByLabelText(/^Password/);
    await userEvent.type(field, 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Wrong password')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many wrong passwords. Try again in 2 minutes.');

    await userEvent.clear(field);
    await userEvent.type(field, 'right one');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { password: 'wrong' },
      { password: 'wrong' },
      { password: 'right one' },
    ]);
  });

  it('asks again when the unlock has run out (401 from the content), then shows the content', async () => {
    let unlocked = false;
    visitor({
      [`GET ${API}`]: { data: lookup({ is_password_protected: true, is_unlocked: true }) },
      [`POST ${API}/unlock`]: () => {
        unlocked = true;
        return { data: { unlocked: true, until: '2030-01-01T00:00:00.000Z' } };
      },
      [`GET ${API}/folders/7?${PAGE}`]: () =>
        unlocked
          ? { data: folder() }
          : { status: 401, body: { success: false, error: 'This share link is protected by a password: unlock it first', errors: {} } },
    });
    renderApp(`/share/${TOKEN}/folders/7`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is protected' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Password/), 'share password');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign' })).toBeTruthy();
  });
});

describe('collections and asset links', () => {
  it('shows a collection with its name, description and assets', async () => {
    visitor({
      [`GET ${API}`]: { data: lookup({ type: 'collection', destination_path: 'cs/collections/4', token_payload: { collection_id: 4 } }) },
      [`GET ${API}/assets?${PAGE}`]: { data: assetList() },
    });
    const { router } = renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer launch' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/share/${TOKEN}/collections/4`);
    expect(screen.getByText('Everything for the summer launch.')).toBeTruthy();
    const grid = screen.getByRole('list', { name: 'Assets in Summer launch' });
    expect(
      within(grid)
        .getByRole('link', { name: /Photo 2/ })
        .getAttribute('href'),
    ).toBe(`/share/${TOKEN}/collections/4/assets/2`);
  });

  it('says so when a collection has nothing left to show', async () => {
    visitor({
      [`GET ${API}`]: { data: lookup({ type: 'collection', destination_path: 'cs/collections/4', token_payload: { collection_id: 4 } }) },
      [`GET ${API}/assets?${PAGE}`]: { data: assetList({ assets: [], total: 0, zip_url: null }) },
    });
    renderApp(`/share/${TOKEN}/collections/4`);
    expect(await screen.findByRole('heading', { name: 'Nothing to see here yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download all' })).toBeNull();
  });

  it('goes straight to the one asset of a single-asset link, without downloads when the link offers none', async () => {
    visitor({
      [`GET ${API}`]: { data: lookup({ type: 'asset', destination_path: 'as/assets/5', token_payload: { asset_ids: [5] } }) },
      [`GET ${API}/assets/5`]: {
        data: asset(5, { downloads: { original: false, preview: false }, download_url: null, preview_download_url: null }),
      },
    });
    const { router } = renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo 5' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/share/${TOKEN}/assets/5`);
    expect(screen.getByText('Downloads are not offered by this link.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Back to all assets/ })).toBeNull();
  });

  it('shows the grid of a link with several assets', async () => {
    visitor({
      [`GET ${API}`]: { data: lookup({ type: 'asset', destination_path: 'as/assets/1', token_payload: { asset_ids: [1, 2] } }) },
      [`GET ${API}/assets?${PAGE}`]: { data: assetList({ type: 'asset', title: '', description: '' }) },
    });
    const { router } = renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared assets' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/share/${TOKEN}/assets`);
    expect(screen.getByRole('link', { name: /Photo 1/ }).getAttribute('href')).toBe(`/share/${TOKEN}/assets/1`);
  });
});

describe('the visitor viewer', () => {
  function viewerServer(overrides: Record<string, FakeHandler> = {}) {
    return visitor({
      [`GET ${API}`]: { data: lookup() },
      [`GET ${API}/folders/7?${PAGE}`]: { data: folder({ assets: [asset(1), asset(2), asset(3)], total: 3 }) },
      [`GET ${API}/assets/1`]: { data: asset(1) },
      [`GET ${API}/assets/2`]: {
        data: asset(2, {
          description: 'The poster, final.',
          downloads: { original: false, preview: true },
          download_url: null,
        }),
      },
      [`GET ${API}/assets/3`]: { data: asset(3) },
      ...overrides,
    });
  }

  it('shows the large preview and facts, pages with buttons and arrow keys, and goes back with Escape', async () => {
    viewerServer();
    const { router } = renderApp(`/share/${TOKEN}/folders/7/assets/2`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo 2' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 2' }).getAttribute('src')).toBe('/media/preview-2.jpg?sl=1.tag');
    const facts = screen.getByRole('complementary', { name: 'About this asset' });
    expect(within(facts).getByText('1600 × 900 px')).toBeTruthy();
    expect(within(facts).getByText('JPG')).toBeTruthy();
    expect(within(facts).getByText('The poster, final.')).toBeTruthy();

    const nav = await screen.findByRole('navigation', { name: 'Previous and next asset' });
    expect(
      within(nav)
        .getByRole('link', { name: /Previous/ })
        .getAttribute('href'),
    ).toBe(`/share/${TOKEN}/folders/7/assets/1`);
    await userEvent.click(within(nav).getByRole('link', { name: /Next/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo 3' })).toBeTruthy();
    // The last one: no next.
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo 2' })).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo 1' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/share/${TOKEN}/folders/7`);
  });

  it('offers only the downloads the link permits and downloads the chosen one', async () => {
    const { calls } = viewerServer({
      [`GET ${API}/assets/2/download?kind=preview`]: { headers: { 'Content-Disposition': 'attachment; filename="Photo 2.jpg"' } },
    });
    renderApp(`/share/${TOKEN}/folders/7/assets/2`);
    await userEvent.click(await screen.findByRole('button', { name: /Download/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: /Original file/ })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Preview image/ }));
    await waitFor(() => expect(saved).toEqual([{ url: 'blob:http://localhost/file', name: 'Photo 2.jpg' }]));
    expect(calls.some((c) => c.path === `${API}/assets/2/download?kind=preview`)).toBe(true);
  });

  it("shows the server's reason when a download needs consent", async () => {
    viewerServer({
      [`GET ${API}/assets/1/download`]: { status: 409, body: { success: false, error: 'Consent required', errors: {} } },
    });
    renderApp(`/share/${TOKEN}/folders/7/assets/1`);
    await userEvent.click(await screen.findByRole('button', { name: /Download/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Preview image/ })).toBeTruthy();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Original file/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Consent required');
    expect(saved).toEqual([]);
  });

  it('asks for the usage consent a download needs, records it through the link and then downloads with it', async () => {
    const terms = {
      licences: [{ id: 4, title: 'Editorial use only', text: '<p>Press coverage only.</p>' }],
      assets: [{ id: 1, title: 'Photo 1', copyright_status: 'COPYRIGHTED', copyright_notice: '© Acme', licence_ids: [4] }],
    };
    const { calls } = viewerServer({
      [`GET ${API}/assets/1/download`]: { status: 409, body: { success: false, error: 'Consent required', errors: {}, ...terms } },
      [`POST ${API}/consent`]: {
        status: 201,
        body: { success: true, data: { consent_token: 'abc.def', expires_at: '2026-11-24T06:00:00Z', recorded: 1 } },
      },
      [`GET ${API}/assets/1/download?consent=abc.def`]: { headers: { 'Content-Disposition': 'attachment; filename="Photo 1.jpg"' } },
    });
    renderApp(`/share/${TOKEN}/folders/7/assets/1`);
    await userEvent.click(await screen.findByRole('button', { name: /Download/ }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Original file/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Terms of use' });
    expect(within(dialog).getByText('Editorial use only')).toBeTruthy();
    expect(saved).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and download' }));
    await waitFor(() => expect(saved).toEqual([{ url: 'blob:http://localhost/file', name: 'Photo 1.jpg' }]));
    const accepted = calls.find((c) => c.method === 'POST' && c.path === `${API}/consent`);
    expect(accepted?.body).toEqual({ asset_ids: [1], licence_ids: [4] });
    expect(screen.queryByRole('alertdialog', { name: 'Terms of use' })).toBeNull();
  });

  it('downloads nothing when the visitor declines the terms', async () => {
    const { calls } = viewerServer({
      [`GET ${API}/assets/1/download`]: {
        status: 409,
        body: {
          success: false,
          error: 'Consent required',
          errors: {},
          licences: [],
          assets: [{ id: 1, title: 'Photo 1', copyright_status: 'COPYRIGHTED', copyright_notice: '© Acme', licence_ids: [] }],
        },
      },
    });
    renderApp(`/share/${TOKEN}/folders/7/assets/1`);
    await userEvent.click(await screen.findByRole('button', { name: /Download/ }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Original file/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Terms of use' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Terms of use' })).toBeNull());
    expect(saved).toEqual([]);
    expect(calls.some((c) => c.path === `${API}/consent`)).toBe(false);
  });

  it('shows the not-found page for an asset the link does not show', async () => {
    viewerServer({ [`GET ${API}/assets/99`]: { status: 404, body: { success: false, error: 'Not found', errors: {} } } });
    renderApp(`/share/${TOKEN}/folders/7/assets/99`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('accessibility (axe-core in jsdom)', () => {
  async function seriousViolations(): Promise<string[]> {
    // React Aria's live announcer stays in the body between tests, holding announcements of earlier tests' pending
    // buttons whose labels are gone (in a browser it empties itself after a few seconds): not part of these pages.
    const context = { include: [['body']], exclude: [['[data-live-announcer]']] };
    const result = await axe.run(context, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  beforeEach(() => {
    // jsdom has no canvas; axe only uses it for an icon-font heuristic.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  const pages: [string, string, ShareLinkLookup, string][] = [
    ['the password form', `/share/${TOKEN}`, lookup({ is_password_protected: true, is_unlocked: false }), 'This link is protected'],
    ['the folder page', `/share/${TOKEN}/folders/7`, lookup(), 'Campaign'],
    ['the viewer', `/share/${TOKEN}/folders/7/assets/1`, lookup(), 'Photo 1'],
    [
      'the collection page',
      `/share/${TOKEN}/collections/4`,
      lookup({ type: 'collection', destination_path: 'cs/collections/4', token_payload: { collection_id: 4 } }),
      'Summer launch',
    ],
  ];
  for (const [name, path, link, heading] of pages) {
    it(`${name} has no serious or critical violations`, async () => {
      visitor({
        [`GET ${API}`]: { data: link },
        [`GET ${API}/folders/7?${PAGE}`]: { data: folder() },
        [`GET ${API}/assets?${PAGE}`]: { data: assetList() },
        [`GET ${API}/assets/1`]: { data: asset(1, { description: 'A photo.' }) },
      });
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(await seriousViolations()).toEqual([]);
    });
  }
});
