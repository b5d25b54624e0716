import type { TagApply, TagSuggestion } from '@emblem/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';

const WAIT = { timeout: 5000 };

/**
 * A fake library of assets 1–3 keeping which asset has which tag: POST /api/tag/search answers how each lies on the
 * selection, POST /api/tags changes them.
 */
function server(level: 'VIEW' | 'EDIT', extra: Record<string, FakeHandler> = {}) {
  const manual = new Map<string, Set<number>>([
    ['Summer', new Set([1, 2])],
    ['Retro', new Set([1])],
    ['Winter', new Set([3])],
  ]);
  const auto = new Map<string, Set<number>>([['landscape', new Set([2])]]);
  const state = (ids: number[], on: Set<number>): TagApply => {
    const n = ids.filter((id) => on.has(id)).length;
    return n === 0 ? 'NONE' : n === ids.length ? 'ALL' : 'PARTIAL';
  };
  const list = (tags: Map<string, Set<number>>, ids: number[], source: 'MANUAL' | 'AUTO'): TagSuggestion[] =>
    [...tags].map(([tag, on]) => ({
      tag,
      apply: state(ids, on),
      source,
      engine: source === 'AUTO' ? 'orientation' : null,
      count: on.size,
    }));
  const permissions = projectPermissions(level);
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5') },
    'POST /api/asset/list': () => ({ data: { items: [1, 2, 3].map((id) => asset({ id, permissions })), next_cursor: null, total: 3 } }),
    'GET /api/tag/search': { data: { tags: [], autoTags: [], hasMoreResults: false } },
    'POST /api/tag/search': ({ body }) => {
      const { asset_ids: ids, search_term: term } = body as { asset_ids: number[]; search_term: string };
      const matching = (s: TagSuggestion) => s.tag.toLowerCase().includes(term.toLowerCase());
      const autoOn = list(auto, ids, 'AUTO').filter((s) => s.apply !== 'NONE' && matching(s));
      return { data: { tags: list(manual, ids, 'MANUAL').filter(matching), autoTags: autoOn, hasMoreResults: false } };
    },
    'POST /api/tags': ({ body }) => {
      const { tags, type, asset_ids } = body as { tags: string[]; type: 'add' | 'remove'; asset_ids: number[] };
      for (const tag of tags) {
        const on = manual.get(tag) ?? auto.get(tag) ?? new Set<number>();
        if (type === 'add') {
          auto.delete(tag);
          manual.set(tag, new Set([...on, ...asset_ids]));
        } else for (const id of asset_ids) on.delete(id);
      }
      return { data: { success: true, asset_count: asset_ids.length, changed: tags.length } };
    },
    ...extra,
  });
}

function cellOf(title: string): HTMLElement {
  const cell = screen.getByText(title).closest<HTMLElement>('[role="gridcell"]');
  if (!cell) throw new Error(`No cell for ${title}`);
  return cell;
}

async function openDialog() {
  renderApp('/brands/1/projects/5');
  await screen.findByText('Asset 1', {}, WAIT);
  fireEvent.click(within(cellOf('Asset 1')).getByTestId('tile-check'));
  fireEvent.click(within(cellOf('Asset 2')).getByTestId('tile-check'));
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Tags…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Tags of 2 selected assets' }, WAIT);
  await within(dialog).findByRole('checkbox', { name: /^Summer/ }, WAIT);
  return { user, dialog };
}

const box = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const tagPosts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/tags').map((c) => c.body);

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

describe('tags of a library selection', () => {
  it('shows how each tag lies on the selection and follows the toolkit rules on click', async () => {
    const { calls } = server('EDIT');
    const { user, dialog } = await openDialog();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/tag/search')?.body).toEqual({
      search_term: '',
      asset_ids: [1, 2],
      set_ids: [],
      include_applied_auto_tags: true,
    });
    // ALL checked, PARTIAL mixed, NONE unchecked.
    expect([box(dialog, 'Summer').checked, box(dialog, 'Summer').indeterminate]).toEqual([true, false]);
    expect([box(dialog, 'Retro').checked, box(dialog, 'Retro').indeterminate]).toEqual([false, true]);
    expect([box(dialog, 'Winter').checked, box(dialog, 'Winter').indeterminate]).toEqual([false, false]);
    // AUTO tags on the selection, apart.
    const autoGroup = within(dialog).getByRole('region', { name: 'Found automatically on the selection' });
    expect(within(autoGroup).getByRole('checkbox', { name: /^landscape/ })).toHaveProperty('indeterminate', true);

    // Partial → on all.
    await user.click(box(dialog, 'Retro'));
    await waitFor(() => expect(tagPosts(calls)).toEqual([{ tags: ['Retro'], type: 'add', asset_ids: [1, 2], set_ids: [] }]), WAIT);
    await within(dialog).findByText('“Retro” is now on 2 assets', {}, WAIT);
    await waitFor(() => expect(box(dialog, 'Retro').checked).toBe(true), WAIT);
    // Used → off all.
    await user.click(box(dialog, 'Summer'));
    await waitFor(() => expect(tagPosts(calls).at(-1)).toEqual({ tags: ['Summer'], type: 'remove', asset_ids: [1, 2], set_ids: [] }), WAIT);
    await within(dialog).findByText('“Summer” removed from 2 assets', {}, WAIT);
    await waitFor(() => expect(box(dialog, 'Summer').checked).toBe(false), WAIT);
    // Unused → on all.
    await user.click(box(dialog, 'Winter'));
    await waitFor(() => expect(tagPosts(calls).at(-1)).toEqual({ tags: ['Winter'], type: 'add', asset_ids: [1, 2], set_ids: [] }), WAIT);
    await waitFor(() => expect(box(dialog, 'Winter').checked).toBe(true), WAIT);
    expect(tagPosts(calls)).toHaveLength(3);
    // The library's listing is read again.
    expect(calls.filter((c) => c.path === '/api/asset/list').length).toBeGreaterThan(1);
  });

  it('adds typed tags to everything selected, and shows the server’s refusal', async () => {
    const { calls } = server('EDIT', {
      'POST /api/tags': ({ body }) =>
        (body as { tags: string[] }).tags.includes('bad')
          ? { status: 403, body: { success: false, error: 'You cannot edit asset 2', errors: {} } }
          : { data: { success: true, asset_count: 2, changed: 2 } },
    });
    const { user, dialog } = await openDialog();
    const input = within(dialog).getByRole('combobox', { name: 'Add tags to everything selected' });
    await user.type(input, 'Autumn{Enter}');
    await waitFor(() => expect(tagPosts(calls)).toEqual([{ tags: ['Autumn'], type: 'add', asset_ids: [1, 2], set_ids: [] }]), WAIT);
    await within(dialog).findByText('“Autumn” is now on 2 assets', {}, WAIT);
    await user.type(input, '{Enter}');
    expect(await within(dialog).findByText('Enter a tag')).toBeTruthy();
    await user.type(input, 'bad{Enter}');
    expect(await within(dialog).findByText('You cannot edit asset 2', {}, WAIT)).toBeTruthy();
    expect(input).toHaveProperty('value', 'bad');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('narrows the list to the tags containing what is typed', async () => {
    const { calls } = server('EDIT');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('combobox', { name: 'Add tags to everything selected' }), 'ret');
    const group = await within(dialog).findByRole('region', { name: 'Tags containing “ret”' }, WAIT);
    const labels = () => Array.from(group.querySelectorAll('.checkbox__label')).map((l) => l.textContent);
    await waitFor(() => expect(labels()).toEqual(['Retro · on some selected']), WAIT);
    expect(calls.filter((c) => c.path === '/api/tag/search' && c.method === 'POST').at(-1)?.body).toMatchObject({ search_term: 'ret' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Add tags to everything selected' }), 'zz');
    expect(
      await within(dialog).findByText('No tag contains “retzz” yet. Press Enter to add it to everything selected.', {}, WAIT),
    ).toBeTruthy();
  });

  it('a failed toggle says why', async () => {
    server('EDIT', { 'POST /api/tags': { status: 404, body: { success: false, error: 'Asset not found', errors: {} } } });
    const { user, dialog } = await openDialog();
    await user.click(box(dialog, 'Winter'));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Asset not found');
    expect(box(dialog, 'Winter').checked).toBe(false);
  });

  it('is for editors only', async () => {
    server('VIEW');
    renderApp('/brands/1/projects/5');
    await screen.findByText('Asset 1', {}, WAIT);
    fireEvent.click(within(cellOf('Asset 1')).getByTestId('tile-check'));
    await screen.findByText('1 selected');
    expect(screen.queryByRole('button', { name: 'Tags…' })).toBeNull();
  });
});
