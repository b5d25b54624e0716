import type { AssetTag, TagSuggestion } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';

const WAIT = { timeout: 5000 };
const LIBRARY: TagSuggestion[] = [
  { tag: 'Red', apply: 'NONE', source: 'MANUAL', engine: null, count: 4 },
  { tag: 'Retro', apply: 'NONE', source: 'MANUAL', engine: null, count: 2 },
  { tag: 'Summer', apply: 'NONE', source: 'MANUAL', engine: null, count: 7 },
];

/** A fake server keeping the asset's tags: POST /api/tags changes them, the viewer's reads see the change. */
function server(level: 'VIEW' | 'EDIT', initial: AssetTag[], extra: Record<string, FakeHandler> = {}) {
  const permissions = projectPermissions(level);
  let tags = [...initial];
  const current = () => asset({ id: 11, title: 'Poster', permissions, tags });
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5') },
    'GET /api/project/5/download-custom-sizes': { data: [] },
    'POST /api/asset/list': { data: { items: [], next_cursor: null, total: 0 } },
    'GET /api/screen/data/11': () => ({
      data: { asset: current(), revisions: [], attachments: [], page_preview_urls: [], previous_id: null, next_id: null },
    }),
    'GET /api/asset/11': () => ({ data: current() }),
    'GET /api/tag/search': ({ path }) => {
      const term = new URL(path, 'http://x').searchParams.get('search_term')?.toLowerCase() ?? '';
      return { data: { tags: LIBRARY.filter((s) => s.tag.toLowerCase().includes(term)), autoTags: [], hasMoreResults: false } };
    },
    'POST /api/tags': ({ body }) => {
      const { tags: values, type } = body as { tags: string[]; type: 'add' | 'remove' };
      const keys = values.map((v) => v.toLowerCase());
      if (type === 'add') tags = [...tags, ...values.map((value) => ({ value, source: 'MANUAL' as const }))];
      else tags = tags.filter((tag) => !keys.includes(tag.value.toLowerCase()));
      return { data: { success: true, asset_count: 1, changed: values.length } };
    },
    ...extra,
  });
}

const tagPosts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/tags').map((c) => c.body);

const chips = () =>
  within(screen.getByRole('list', { name: 'Tags of this asset' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.tag-chip__value')?.textContent);

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the viewer’s tags', () => {
  it('shows the tags as chips, AUTO ones marked; an editor adds with Enter and with commas, duplicates skipped', async () => {
    const { calls } = server('EDIT', [
      { value: 'Print', source: 'MANUAL' },
      { value: 'landscape', source: 'AUTO' },
    ]);
    renderApp('/brands/1/projects/5/assets/11');
    const input = await screen.findByRole('combobox', { name: 'Add tags' }, WAIT);
    expect(chips()).toEqual(['Print', 'landscape']);
    const auto = screen.getByText('landscape').closest('li') as HTMLElement;
    expect(within(auto).getByText('found automatically')).toBeTruthy();
    expect(within(screen.getByText('Print').closest('li') as HTMLElement).queryByText('found automatically')).toBeNull();

    const user = userEvent.setup();
    // Pasted text with commas: split like splitTags (trimmed, empty entries ignored, duplicates skipped, also of the
    // asset's); what follows the last comma stays in the field.
    await user.click(input);
    await user.paste(' Blue ,,green, blue, PRINT');
    await waitFor(() => expect(tagPosts(calls)).toEqual([{ tags: ['Blue', 'green'], type: 'add', asset_ids: [11] }]), WAIT);
    await waitFor(() => expect(chips()).toEqual(['Print', 'landscape', 'Blue', 'green']), WAIT);
    await screen.findByText('Tags added: Blue, green', {}, WAIT);
    expect(input).toHaveProperty('value', 'PRINT');
    // Enter adds what is left: a tag the asset has already is skipped.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Already tagged with that')).toBeTruthy();
    expect(tagPosts(calls)).toHaveLength(1);
    await user.clear(input);
    await user.type(input, 'Sunset{Enter}');
    await waitFor(() => expect(tagPosts(calls).at(-1)).toEqual({ tags: ['Sunset'], type: 'add', asset_ids: [11] }), WAIT);
    expect(input).toHaveProperty('value', '');

    // A comma adds what stands before it; the rest stays to be typed on.
    await user.type(input, 'autumn,win');
    await waitFor(() => expect(tagPosts(calls).at(-1)).toEqual({ tags: ['autumn'], type: 'add', asset_ids: [11] }), WAIT);
    expect(input).toHaveProperty('value', 'win');
    await screen.findByText('autumn', {}, WAIT);
  });

  it('refuses an empty input and a tag that is there already, without asking the server', async () => {
    const { calls } = server('EDIT', [{ value: 'Poster', source: 'MANUAL' }]);
    renderApp('/brands/1/projects/5/assets/11');
    const input = await screen.findByRole('combobox', { name: 'Add tags' }, WAIT);
    const user = userEvent.setup();
    await user.type(input, '   {Enter}');
    expect(await screen.findByText('Enter a tag')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.type(input, 'poster{Enter}');
    expect(await screen.findByText('Already tagged with that')).toBeTruthy();
    expect(tagPosts(calls)).toEqual([]);
  });

  it('suggests the library’s tags while typing; arrows and Enter choose one', async () => {
    const { calls } = server('EDIT', [{ value: 'red', source: 'MANUAL' }]);
    renderApp('/brands/1/projects/5/assets/11');
    const input = await screen.findByRole('combobox', { name: 'Add tags' }, WAIT);
    const user = userEvent.setup();
    await user.type(input, 're');
    const list = await screen.findByRole('listbox', { name: 'Tags used in this library' }, WAIT);
    // "Red" is on the asset already: not offered.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Retro2 assets']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(calls.some((c) => c.path === '/api/tag/search?project_id=5&search_term=re')).toBe(true);
    await user.keyboard('{ArrowDown}');
    const option = within(list).getByRole('option', { name: /Retro/ });
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tagPosts(calls)).toEqual([{ tags: ['Retro'], type: 'add', asset_ids: [11] }]), WAIT);
    await screen.findByText('Tag “Retro” added', {}, WAIT);
    // Escape closes the suggestions and stays in the viewer.
    await user.type(input, 'sum');
    await screen.findByRole('option', { name: /Summer/ }, WAIT);
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('heading', { level: 1, name: 'Poster' })).toBeTruthy();
  });

  it('removes a tag with its labelled button', async () => {
    const { calls } = server('EDIT', [
      { value: 'Poster', source: 'MANUAL' },
      { value: 'square', source: 'AUTO' },
    ]);
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove tag square' }, WAIT));
    await waitFor(() => expect(tagPosts(calls)).toEqual([{ tags: ['square'], type: 'remove', asset_ids: [11] }]), WAIT);
    await waitFor(() => expect(chips()).toEqual(['Poster']), WAIT);
    await screen.findByText('Tag “square” removed', {}, WAIT);
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Add tags' }));
  });

  it('shows the server’s refusal at the input and keeps the text', async () => {
    server('EDIT', [], {
      'POST /api/tags': { status: 400, body: { success: false, error: 'Invalid', errors: { 'tags.0': ['At most 100 characters'] } } },
    });
    renderApp('/brands/1/projects/5/assets/11');
    const input = await screen.findByRole('combobox', { name: 'Add tags' }, WAIT);
    expect(screen.getByText(/^No tags yet\. Add words/)).toBeTruthy();
    await userEvent.setup().type(input, 'too long{Enter}');
    expect(await screen.findByText('At most 100 characters', {}, WAIT)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input).toHaveProperty('value', 'too long');
  });

  it('viewers see the chips only', async () => {
    server('VIEW', [{ value: 'Poster', source: 'MANUAL' }]);
    renderApp('/brands/1/projects/5/assets/11');
    await screen.findByRole('heading', { level: 1, name: 'Poster' }, WAIT);
    expect(chips()).toEqual(['Poster']);
    expect(screen.queryByRole('combobox', { name: 'Add tags' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove tag/ })).toBeNull();
  });
});
