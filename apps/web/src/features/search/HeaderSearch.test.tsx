import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { HeaderSearch } from './HeaderSearch';
import { renderRoutes } from './testing';

const SUGGESTIONS = {
  assets: [
    { id: 11, title: 'Logo primary', project_id: 5, type: 'Image', thumbnail_url: null },
    { id: 12, title: 'Logo mono', project_id: 6, type: 'Image', thumbnail_url: null },
  ],
  folders: [{ id: 21, name: 'Logos', project_id: 5 }],
  tags: [{ value: 'logo', count: 7 }],
};

function server() {
  return fakeServer({ 'GET /api/asset/search/suggestions': { data: SUGGESTIONS } });
}

const routes = [
  { path: 'brands/:brandId/*', element: <HeaderSearch /> },
  { path: 'other', element: <HeaderSearch /> },
];
const where = () => screen.getByTestId('location').textContent;
const suggestionCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/api/asset/search/suggestions'));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('header search field', { timeout: 60_000 }, () => {
  it('is only inside a brand', () => {
    server();
    renderRoutes('/other', routes);
    expect(screen.queryByRole('combobox', { name: 'Search assets' })).toBeNull();
  });

  it('groups the suggestions as Assets, Folders, Tags, asked for the brand once typing pauses', async () => {
    const { calls } = server();
    renderRoutes('/brands/1/projects/5', routes);
    const input = await screen.findByRole('combobox', { name: 'Search assets' });
    await userEvent.type(input, 'logo');
    // On a slow machine each key may outlast the pause, so earlier prefixes are asked for too: wait for the word.
    await waitFor(() => expect(suggestionCalls(calls).at(-1)?.path).toBe('/api/asset/search/suggestions?brand_id=1&q=logo&limit=5'), {
      timeout: 10_000,
    });
    await screen.findByRole('option', { name: /Logo primary/ });
    const list = screen.getByRole('listbox');
    const groups = within(list).getAllByRole('group');
    expect(
      groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent),
    ).toEqual(['Assets', 'Folders', 'Tags', null]);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Logo primaryImage', 'Logo monoImage']);
    expect(within(groups[2] as HTMLElement).getByRole('option').textContent).toBe('#logo7 assets');
    // Asked for after a pause in typing (at most once per key), for the brand; the last for the whole word.
    const asked = suggestionCalls(calls).map((c) => c.path);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(4);
    expect(asked.at(-1)).toBe('/api/asset/search/suggestions?brand_id=1&q=logo&limit=5');
  });

  it('arrows and Enter open the chosen asset in its library', async () => {
    server();
    renderRoutes('/brands/1', routes);
    const input = await screen.findByRole('combobox', { name: 'Search assets' });
    await userEvent.type(input, 'logo');
    await screen.findByRole('option', { name: /Logo primary/ });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Logo mono/ }).id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe('/brands/1/projects/6/assets/12'));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('a folder opens the folder, a tag opens the results filtered by it', async () => {
    server();
    renderRoutes('/brands/1', routes);
    const input = await screen.findByRole('combobox', { name: 'Search assets' });
    await userEvent.type(input, 'logo');
    await userEvent.click(await screen.findByRole('option', { name: 'Logos' }));
    await waitFor(() => expect(where()).toBe('/brands/1/projects/5/folders/21'));
    await userEvent.type(input, 'logo');
    await userEvent.click(await screen.findByRole('option', { name: /^logo/ }));
    await waitFor(() => expect(where()).toBe('/brands/1/search?f=tags:IS:logo'));
  });

  it('Enter without a choice searches for the words; Escape closes the list', async () => {
    server();
    renderRoutes('/brands/1', routes);
    const input = await screen.findByRole('combobox', { name: 'Search assets' });
    await userEvent.type(input, 'logo');
    await screen.findByRole('option', { name: /Logo primary/ });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await userEvent.type(input, ' blue{Enter}');
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=logo%20blue'));
  });

  it('on the results page a new search keeps the filters and the sort', async () => {
    server();
    renderRoutes('/brands/1/search?q=old&f=type:IS:Image&sort=newest', routes);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search assets' }), 'new{Enter}');
    await waitFor(() => expect(where()).toBe('/brands/1/search?q=new&f=type:IS:Image&sort=newest'));
  });

  it('"/" focuses the field, but not while typing in another field', async () => {
    server();
    renderRoutes('/brands/1', [
      {
        path: 'brands/:brandId',
        element: (
          <>
            <HeaderSearch />
            <input aria-label="Other field" />
          </>
        ),
      },
    ]);
    const input = await screen.findByRole('combobox', { name: 'Search assets' });
    const other = screen.getByRole('textbox', { name: 'Other field' });
    await userEvent.click(other);
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(other);
    expect((other as HTMLInputElement).value).toBe('/');
    other.blur();
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(input);
    expect((input as HTMLInputElement).value).toBe('');
  });
});
