import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dragAndDrop, dragOver, FakeDataTransfer } from '../../test/drag';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';
import type { FolderNode } from '../../toolkit/folders';
import { forgetOpenFolders } from './FolderSidebar';

/* Issue 14, items 14–17: moving by drag, the tree keeping its place, the sortable list, skeletons. */

const TREE: FolderNode = folder(0, 'Library 5', [
  folder(21, 'Brand assets', [folder(22, 'Logos', [folder(24, 'Print')])]),
  folder(23, 'Campaigns', [folder(25, 'Summer')]),
]);
const WAIT = { timeout: 5000 };

function server(overrides: Record<string, FakeHandler> = {}) {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions: projectPermissions('ADMIN') }) },
    'GET /api/project/5/set': { data: TREE },
    'POST /api/asset/list': ({ body }) => {
      const setId = (body as { set_id?: number }).set_id;
      const items = setId === 0 ? [1, 2, 3].map((id) => asset({ id, title: `Asset ${id}` })) : [];
      return { data: { items, next_cursor: null, total: items.length } };
    },
    ...overrides,
  });
}

/** Holds the answers to requests whose path starts with `prefix` until `release()`. */
function hold(prefix: string) {
  const answer = globalThis.fetch;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), 'http://localhost').pathname.startsWith(prefix)) await gate;
    return answer(input, init);
  });
  return () => act(() => release());
}

const tree = () => screen.getByRole('navigation', { name: 'Folders' });
const toggle = (name: string) => within(tree()).getByRole('button', { name: new RegExp(`(Expand|Collapse) ${name}$`) });
const treeLink = (name: string) => within(tree()).getByRole('link', { name });

let restoreLayout: () => void;
beforeEach(() => {
  acceptCookies();
  forgetOpenFolders();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  restoreLayout = stubLayout({ width: 1200, height: 800 });
});
afterEach(() => restoreLayout());

describe('the folder tree keeps your place', () => {
  it('a deep link opens the way to the folder and marks it current; the other branches stay closed', async () => {
    server();
    renderApp('/brands/1/projects/5/folders/24');
    expect(await screen.findByRole('heading', { level: 1, name: 'Print' }, WAIT)).toBeTruthy();
    expect(treeLink('Print').getAttribute('aria-current')).toBe('page');
    expect(toggle('Brand assets').getAttribute('aria-expanded')).toBe('true');
    expect(toggle('Logos').getAttribute('aria-expanded')).toBe('true');
    expect(toggle('Campaigns').getAttribute('aria-expanded')).toBe('false');
    expect(within(tree()).queryByRole('link', { name: 'Summer' })).toBeNull();
    expect(
      within(tree())
        .getAllByRole('link')
        .filter((l) => l.getAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('keeps what was opened and closed across folders, the viewer and back, and opens the way to each new folder', async () => {
    server({ 'GET /api/screen/data/1': { status: 404, body: { success: false, error: 'Not found' } } });
    const { router } = renderApp('/brands/1/projects/5');
    await screen.findByText('Asset 1', {}, WAIT);
    const user = userEvent.setup();
    // Everything closed at the top.
    expect(toggle('Brand assets').getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle('Campaigns'));
    expect(treeLink('Summer')).toBeTruthy();

    // A tile opens a folder deep in another branch: the way to it opens, Campaigns stays open.
    await user.click(screen.getByText('Brand assets', { selector: '.tile__title' }));
    await screen.findByRole('heading', { level: 1, name: 'Brand assets' }, WAIT);
    expect(treeLink('Brand assets').getAttribute('aria-current')).toBe('page');
    expect(toggle('Campaigns').getAttribute('aria-expanded')).toBe('true');
    await user.click(await screen.findByText('Logos', { selector: '.tile__title' }, WAIT));
    await screen.findByRole('heading', { level: 1, name: 'Logos' }, WAIT);
    expect(toggle('Brand assets').getAttribute('aria-expanded')).toBe('true');
    expect(treeLink('Logos').getAttribute('aria-current')).toBe('page');

    // Closing a branch holds while moving elsewhere (the top level, through the tree).
    await user.click(toggle('Campaigns'));
    await user.click(treeLink('Library 5'));
    await screen.findByRole('heading', { level: 1, name: 'Library 5' }, WAIT);
    expect(toggle('Campaigns').getAttribute('aria-expanded')).toBe('false');
    expect(toggle('Brand assets').getAttribute('aria-expanded')).toBe('true');

    // Leaving the library (here for a page that is not found) and coming back finds the tree as it was.
    await act(() => router.navigate('/brands/1/projects/5/assets/1'));
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, WAIT);
    await act(() => router.navigate('/brands/1/projects/5/folders/23'));
    await screen.findByRole('heading', { level: 1, name: 'Campaigns' }, WAIT);
    expect(toggle('Brand assets').getAttribute('aria-expanded')).toBe('true');
    expect(treeLink('Campaigns').getAttribute('aria-current')).toBe('page');
  });
});

describe('the sort lives in the address', () => {
  const listBodies = (calls: { path: string; body: unknown }[]) =>
    calls.filter((c) => c.path === '/api/asset/list').map((c) => c.body as { sort?: string; order?: string });

  it('reads the sort from the address; the menu offers size and oldest first and writes the choice back', async () => {
    const { calls } = server();
    const { router } = renderApp('/brands/1/projects/5?sort=size&order=asc');
    await screen.findByText('Asset 1', {}, WAIT);
    expect(listBodies(calls)[0]).toMatchObject({ sort: 'size', order: 'asc' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Smallest first/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      'Manual order',
      'Title A–Z',
      'Newest first',
      'Oldest first',
      'Largest first',
      'Smallest first',
      'Recently modified',
    ]);
    await user.click(screen.getByRole('option', { name: 'Oldest first' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=created&order=asc'), WAIT);
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ sort: 'created', order: 'asc' }), WAIT);
  });

  it('the list view sorts by its column headers, and folders open with the sort kept', async () => {
    const { calls } = server();
    const { router } = renderApp('/brands/1/projects/5');
    await screen.findByText('Asset 1', {}, WAIT);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'List' }));
    const name = await screen.findByRole('columnheader', { name: /Name/ }, WAIT);
    await user.click(within(name).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title'), WAIT);
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending'), WAIT);
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ sort: 'title', order: 'asc' }), WAIT);
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&order=desc'), WAIT);
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending'), WAIT);
    // The menu names a column sort it does not list.
    expect(screen.getByRole('button', { name: /Name, descending/ })).toBeTruthy();
    // Z–A puts Campaigns before Brand assets.
    const rows = screen.getAllByRole('row').map((r) => r.querySelector('.tile__title')?.textContent);
    expect(rows.slice(1, 3)).toEqual(['Campaigns', 'Brand assets']);

    await user.click(screen.getByText('Campaigns', { selector: '.tile__title' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/1/projects/5/folders/23'), WAIT);
    expect(router.state.location.search).toBe('?sort=title&order=desc');
    expect(treeLink('Library 5').getAttribute('href')).toBe('/brands/1/projects/5?sort=title&order=desc');
  });
});

describe('moving by drag', () => {
  const cellOf = (title: string) => screen.getByText(title, { selector: '.tile__title' }).closest('[role="gridcell"]') as HTMLElement;

  it('dropping the selection on a folder tile moves it there and says so', async () => {
    const { calls } = server({ 'POST /api/assets/transfer': { data: { assets: [1, 3], folders: [] } } });
    renderApp('/brands/1/projects/5');
    await screen.findByText('Asset 1', {}, WAIT);
    fireEvent.click(within(cellOf('Asset 1')).getByTestId('tile-check'));
    fireEvent.click(within(cellOf('Asset 3')).getByTestId('tile-check'));
    dragAndDrop(cellOf('Asset 3'), cellOf('Campaigns'));
    expect(await screen.findByText('Moved 2 assets to “Campaigns”.', {}, WAIT)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/assets/transfer')?.body).toEqual({
      source: { project: 5 },
      target: { project: 5, folder: 23 },
      folders: [],
      assets: [1, 3],
      metadata: true,
      mode: 'move',
    });
  });

  it('a folder of the tree takes a drop too, the current folder does not, and a refusal is shown', async () => {
    const { calls } = server({
      'POST /api/assets/transfer': { status: 403, body: { success: false, error: 'You may not move assets there' } },
    });
    renderApp('/brands/1/projects/5/folders/21');
    await screen.findByRole('heading', { level: 1, name: 'Brand assets' }, WAIT);
    // A drag carrying asset 7 of this project (as a tile starts it; see the test above and AssetGrid's).
    const current = treeLink('Brand assets').closest('.folder-nav__row') as HTMLElement;
    const transfer = new FakeDataTransfer();
    transfer.setData('application/x-emblem-assets-5', '[7]');
    dragOver(current, transfer);
    expect(current.classList.contains('folder-nav__row--drop-target')).toBe(false);
    const campaigns = treeLink('Campaigns').closest('.folder-nav__row') as HTMLElement;
    dragOver(campaigns, transfer);
    expect(campaigns.classList.contains('folder-nav__row--drop-target')).toBe(true);
    fireEvent.drop(campaigns, { dataTransfer: transfer });
    expect(await screen.findByText('You may not move assets there', {}, WAIT)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/assets/transfer')?.body).toMatchObject({ target: { project: 5, folder: 23 }, assets: [7] });
  });
});

describe('skeletons while the first load is pending', () => {
  it('the library shows its skeleton at once while the project and tree load, then the folder; the contents their own', async () => {
    server();
    const releaseProject = hold('/api/project/5');
    renderApp('/brands/1/projects/5');
    const page = await screen.findByText('Loading library', {}, WAIT);
    expect(page.closest('[data-skeleton]')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('heading', { level: 1, name: 'Library 5' })).toBeNull();
    releaseProject();
    await screen.findByRole('heading', { level: 1, name: 'Library 5' }, WAIT);
    expect(screen.queryByText('Loading library')).toBeNull();
  });

  it('the folder contents show tiles of skeleton while they load, not on a refetch', async () => {
    server();
    const releaseList = hold('/api/asset/list');
    const { queryClient } = renderApp('/brands/1/projects/5');
    await screen.findByRole('heading', { level: 1, name: 'Library 5' }, WAIT);
    const contents = await screen.findByText('Loading assets', {}, WAIT);
    expect(contents.closest('[data-skeleton]')?.querySelectorAll('.contents-skeleton__tile').length).toBeGreaterThan(0);
    expect(screen.queryByText('Asset 1')).toBeNull();
    releaseList();
    await screen.findByText('Asset 1', {}, WAIT);

    // A refetch (after a change elsewhere) keeps the contents on screen.
    const releaseAgain = hold('/api/asset/list');
    act(() => {
      void queryClient.invalidateQueries({ queryKey: ['assets'] });
    });
    await waitFor(() => expect(queryClient.isFetching({ queryKey: ['assets'] })).toBeGreaterThan(0), WAIT);
    expect(screen.queryByText('Loading assets')).toBeNull();
    expect(screen.getByText('Asset 1')).toBeTruthy();
    releaseAgain();
  });

  it('a project that is not found after the skeleton is the not-found page', async () => {
    server({ 'GET /api/project/5': { status: 404, body: { success: false, error: 'Not found' } } });
    renderApp('/brands/1/projects/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, WAIT)).toBeTruthy();
  });
});
