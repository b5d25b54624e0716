import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, sessionFor, stubLayout } from '../../test/utils';
import { searchRoutes } from './routes';
import { renderRoutes } from './testing';

const FACETS = {
  type: [{ value: 'Image', count: 1204 }],
  file_type_group: [{ value: 'images', count: 1204 }],
  extension: [
    { value: 'png', count: 900 },
    { value: 'jpg', count: 304 },
  ],
  tags: [{ value: 'summer', count: 12 }],
  library: [{ value: 5, count: 1204, label: 'Library 5' }],
};

function server(search: FakeHandler, extra: Record<string, FakeHandler> = {}) {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'POST /api/asset/search': search,
    ...extra,
  });
}

/** Two pages: three assets, then one more (the grid asks for it as its end comes into view). */
const found: FakeHandler = ({ body }) =>
  (body as { cursor?: string }).cursor
    ? { data: { items: [asset({ id: 4, title: 'Logo 4' })], facets: FACETS, total: 1204, next_cursor: null } }
    : { data: { items: [1, 2, 3].map((id) => asset({ id, title: `Logo ${id}` })), facets: FACETS, total: 1204, next_cursor: 'next' } };
const where = () => screen.getByTestId('location').textContent;
const searchCalls = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/asset/search');

let restoreLayout: () => void;
beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  restoreLayout = stubLayout({ width: 1200, height: 800 });
});
afterEach(() => restoreLayout());

describe('search results page', { timeout: 60_000 }, () => {
  it('before any words or filters it says what to do and asks nothing', async () => {
    const { calls } = server(found);
    renderRoutes('/brands/1/search', searchRoutes);
    expect(await screen.findByRole('heading', { name: "Search this brand's assets" })).toBeTruthy();
    expect(searchCalls(calls)).toEqual([]);
  });

  it('runs the search of the address and shows the count, the results and the facets', async () => {
    const { calls } = server(found);
    renderRoutes('/brands/1/search?q=logo&f=type:IS:Image&sort=newest', searchRoutes);
    expect(await screen.findByText('Logo 1')).toBeTruthy();
    expect(screen.getByText('1,204 results').getAttribute('aria-live')).toBe('polite');
    // The next page by its cursor, once the end of the grid is in view.
    expect(await screen.findByText('Logo 4')).toBeTruthy();
    expect(searchCalls(calls)[1]?.body).toMatchObject({ cursor: 'next', query: 'logo' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search Acme' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByText('Type is Image')).toBeTruthy();
    expect(searchCalls(calls)[0]?.body).toEqual({
      brand_id: 1,
      query: 'logo',
      filters: [{ field: 'type', operator: 'IS', value: 'Image' }],
      facets: ['type', 'file_type_group', 'extension', 'tags', 'library'],
      sort: { by: 'created_at', direction: 'desc' },
      limit: 50,
    });
    // The custom metadata route is not there yet (404): no property facets, no failure.
    expect(screen.getByRole('checkbox', { name: 'Library 5, 1204 assets' })).toBeTruthy();
  });

  it('offers bulk Metadata for a selection from one library that the person may edit, not across libraries', async () => {
    server(() => ({
      data: {
        items: [asset({ id: 1, title: 'Logo 1' }), asset({ id: 2, title: 'Logo 2' }), asset({ id: 3, title: 'Logo 3', project_id: 6 })],
        facets: FACETS,
        total: 3,
        next_cursor: null,
      },
    }));
    renderRoutes('/brands/1/search?q=logo', searchRoutes);
    const cell = (title: string) => (screen.getByText(title).closest('[role="gridcell"]') as HTMLElement | null) ?? document.body;
    await screen.findByText('Logo 3');
    fireEvent.click(cell('Logo 1'), { ctrlKey: true });
    fireEvent.click(cell('Logo 2'), { ctrlKey: true });
    expect(await screen.findByText('2 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Metadata…' })).toBeTruthy();
    fireEvent.click(cell('Logo 3'), { ctrlKey: true });
    expect(await screen.findByText('3 selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Metadata…' })).toBeNull();
    // Tags still apply across libraries.
    expect(screen.getByRole('button', { name: 'Tags…' })).toBeTruthy();
  });

  it('checking a facet value adds an IS_ONE_OF filter to the address and searches again; unchecking removes it', async () => {
    const { calls } = server(found);
    renderRoutes('/brands/1/search?q=logo', searchRoutes);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'PNG, 900 assets' }));
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=logo&f=extension:IS_ONE_OF:png'));
    await waitFor(() =>
      expect(searchCalls(calls).at(-1)?.body).toMatchObject({ filters: [{ field: 'extension', operator: 'IS_ONE_OF', value: ['png'] }] }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'JPG, 304 assets' }));
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=logo&f=extension:IS_ONE_OF:png,jpg'));
    expect((screen.getByRole('checkbox', { name: 'PNG, 900 assets' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'summer, 12 assets' }) as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter: Extension is one of png, jpg' }));
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=logo'));
  });

  it('says nothing matched, and Clear filters keeps the words', async () => {
    server({ data: { items: [], facets: {}, total: 0, next_cursor: null } });
    renderRoutes('/brands/1/search?q=xyz&f=tags:IS:blue', searchRoutes);
    expect(await screen.findByRole('heading', { name: 'No assets match “xyz”' })).toBeTruthy();
    expect(screen.getByText('Try fewer filters or another word.')).toBeTruthy();
    const main = screen.getByRole('region', { name: 'Results' });
    await userEvent.click(within(main).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=xyz'));
  });

  it('shows the server refusal of a filter instead of results', async () => {
    server({ status: 400, body: { success: false, error: 'Invalid request', errors: { 'filters.0.value': ['Must be a number'] } } });
    renderRoutes('/brands/1/search?f=width:IS:wide', searchRoutes);
    expect(await screen.findByText('The search could not be run')).toBeTruthy();
  });

  it('the sort menu and the words change the address; the view replaces it', async () => {
    server(found);
    const { router } = renderRoutes('/brands/1/search?q=logo', searchRoutes);
    await screen.findByText('Logo 1');
    await userEvent.click(screen.getByRole('button', { name: /Sort by$/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Title A–Z' }));
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=logo&sort=title'));
    const field = screen.getByRole('searchbox', { name: 'Search words' });
    await userEvent.clear(field);
    await userEvent.type(field, 'mark{Enter}');
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=mark&sort=title'));
    await userEvent.click(screen.getByRole('radio', { name: /List/ }));
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=mark&sort=title&view=list'));
    expect(await screen.findByRole('columnheader', { name: /Name/ })).toBeTruthy();
    // Back: the previous search (the view replaced its entry), its words in the field again.
    await router.navigate(-1);
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=logo&sort=title'));
    expect((screen.getByRole('searchbox', { name: 'Search words' }) as HTMLInputElement).value).toBe('logo');
  });
});
