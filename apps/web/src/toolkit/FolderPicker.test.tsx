import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/queryClient';
import { folder } from '../test/fixtures';
import { fakeServer } from '../test/utils';
import { FolderPicker } from './FolderPicker';
import { filterFolderTree } from './folders';

const TREE = folder(0, 'Media', [
  folder(1, 'Brand assets', [folder(2, 'Logos'), folder(3, 'Photography')]),
  folder(4, 'Campaigns', [folder(5, 'Summer LOGO pack')]),
]);

function renderPicker(props: { canCreate?: boolean; disabledIds?: number[] } = {}) {
  const onPick = vi.fn(async () => {});
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FolderPicker
        projectId={7}
        isOpen
        onOpenChange={onOpenChange}
        title="Move 2 assets"
        actionLabel="Move"
        canCreate={props.canCreate ?? true}
        disabledIds={props.disabledIds}
        onPick={onPick}
      />
    </QueryClientProvider>,
  );
  return { onPick, onOpenChange };
}

const rowNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('row')
    .map((r) => r.textContent?.replace(/[▸▾]/g, '').trim());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('folder search (pure)', () => {
  it('keeps matches (case-insensitive) and their ancestors', () => {
    const { tree, matches } = filterFolderTree(TREE, 'logo');
    expect(matches).toBe(2);
    expect(tree.child_sets.map((f) => f.name)).toEqual(['Brand assets', 'Campaigns']);
    expect(tree.child_sets[0]?.child_sets.map((f) => f.name)).toEqual(['Logos']);
    expect(filterFolderTree(TREE, 'nothing').matches).toBe(0);
  });
});

describe('FolderPicker', () => {
  it('shows the folder tree; the search filters it case-insensitively; the chosen folder is handed back', async () => {
    fakeServer({ 'GET /api/project/7/set': { data: TREE } });
    const { onPick, onOpenChange } = renderPicker({ disabledIds: [4] });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 assets' });
    const tree = await within(dialog).findByRole('treegrid', { name: 'Folders' });
    // The top level starts open; the current folder is marked and cannot be chosen.
    expect(rowNames(tree)).toEqual(['Media', 'Brand assets', 'Campaigns(current)']);
    const move = within(dialog).getByRole('button', { name: 'Move' });
    const disabled = () => move.hasAttribute('disabled') || move.getAttribute('aria-disabled') === 'true';
    expect(disabled()).toBe(true);
    await user.click(within(tree).getByRole('row', { name: /Campaigns/ }));
    expect(disabled()).toBe(true);

    // A chevron opens a folder.
    await user.click(within(within(tree).getByRole('row', { name: /Brand assets/ })).getByRole('button'));
    expect(rowNames(tree)).toEqual(['Media', 'Brand assets', 'Logos', 'Photography', 'Campaigns(current)']);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search folders' }), 'LoGo');
    expect(rowNames(tree)).toEqual(['Media', 'Brand assets', 'Logos', 'Campaigns(current)', 'Summer LOGO pack']);
    await user.click(within(tree).getByRole('row', { name: /Summer LOGO pack/ }));
    await user.click(move);
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(5, 'Summer LOGO pack'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offers to create a folder with the searched name when nothing matches, then uses it', async () => {
    const { calls } = fakeServer({
      'GET /api/project/7/set': { data: TREE },
      'POST /api/set/create/7': {
        status: 201,
        data: { id: 42, project_id: 7, parent_id: null, name: 'Autumn 2025', color: '#EEEEEE', asset_count: 0, created_at: '' },
      },
    });
    const { onPick } = renderPicker();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 assets' });
    await within(dialog).findByRole('treegrid');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search folders' }), 'Autumn 2025');
    expect(within(dialog).getByText('No folder matches “Autumn 2025”.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create folder “Autumn 2025” and use it' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(42, 'Autumn 2025'));
    expect(calls.find((c) => c.path === '/api/set/create/7')?.body).toEqual({ name: 'Autumn 2025', parent: 0, color: '#EEEEEE' });
  });

  it('without edit permission there is no offer to create, and a failed action keeps the dialog open with its message', async () => {
    fakeServer({ 'GET /api/project/7/set': { data: TREE } });
    const onPick = vi.fn(async () => {
      throw Object.assign(new Error('x'), { name: 'x' });
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <FolderPicker projectId={7} isOpen onOpenChange={() => {}} title="Move" actionLabel="Move" onPick={onPick} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Move' });
    await within(dialog).findByRole('treegrid');
    await user.type(within(dialog).getByRole('searchbox'), 'zzz');
    expect(within(dialog).getByText('No folder matches “zzz”.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Create folder/ })).toBeNull();
    await user.clear(within(dialog).getByRole('searchbox'));
    await user.click(within(dialog).getByRole('row', { name: 'Media' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(onPick).toHaveBeenCalledWith(0, 'Media');
  });
});
