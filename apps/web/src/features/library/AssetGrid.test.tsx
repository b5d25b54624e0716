import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dragAndDrop, dragOver, FakeDataTransfer } from '../../test/drag';
import { asset } from '../../test/fixtures';
import { stubLayout } from '../../test/utils';
import type { FolderNode } from '../../toolkit/folders';
import { AssetGrid, type BrowserItem, columnCount, type GridDragDrop, Thumbnail } from './AssetGrid';
import { assetDragType } from './dragDrop';
import type { FolderSort } from './sort';

const TEN_THOUSAND: BrowserItem[] = Array.from({ length: 10_000 }, (_, i) => ({
  kind: 'asset',
  asset: asset({ id: i + 1, title: `Asset ${i + 1}` }),
}));

let restore: () => void;
beforeEach(() => {
  restore = stubLayout({ width: 1200, height: 800 });
});
afterEach(() => restore());

function renderGrid(view: 'grid' | 'list', onEndReached = vi.fn()) {
  render(
    <AssetGrid
      items={TEN_THOUSAND}
      view={view}
      selected={new Set()}
      label="Contents"
      onSelect={() => {}}
      onOpen={() => {}}
      onEndReached={onEndReached}
      hasMore
    />,
  );
  return onEndReached;
}

describe('virtualised asset grid', () => {
  it('grid view: 10,000 assets render only the rows in and near the viewport', () => {
    renderGrid('grid');
    const grid = screen.getByRole('grid', { name: 'Contents' });
    const columns = columnCount(1200);
    expect(columns).toBe(6);
    expect(grid.getAttribute('aria-rowcount')).toBe(String(Math.ceil(10_000 / columns)));
    const cells = screen.getAllByRole('gridcell');
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.length).toBeLessThan(120);
    expect(screen.getByText('Asset 1')).toBeTruthy();
    expect(screen.queryByText('Asset 5000')).toBeNull();
    expect(screen.queryByText('Asset 10000')).toBeNull();
  });

  it('list view: one row per asset, still only a window of them; scrolling moves the window', () => {
    const onEndReached = renderGrid('list');
    const rows = screen.getAllByRole('row');
    expect(rows.length).toBeLessThan(40);
    // The header row and one row per asset.
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('10001');
    expect(onEndReached).not.toHaveBeenCalled();

    const scroller = screen.getByTestId('asset-scroller');
    act(() => {
      scroller.scrollTop = 56 * 9_990;
      fireEvent.scroll(scroller);
    });
    expect(screen.getByText('Asset 10000')).toBeTruthy();
    expect(screen.queryByText('Asset 1')).toBeNull();
    expect(screen.getAllByRole('row').length).toBeLessThan(40);
    // Near the end, the next page is asked for.
    expect(onEndReached).toHaveBeenCalled();
  });

  it('keyboard: one tab stop; arrows move focus by cell and by row; Enter opens; Space selects', () => {
    const onOpen = vi.fn();
    const onSelect = vi.fn();
    render(
      <AssetGrid
        items={TEN_THOUSAND.slice(0, 50)}
        view="grid"
        selected={new Set([2])}
        label="Contents"
        onSelect={onSelect}
        onOpen={onOpen}
      />,
    );
    const tabbable = screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
    expect(screen.getByText('Asset 2').closest('[role="gridcell"]')?.getAttribute('aria-selected')).toBe('true');

    const first = tabbable[0]!;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toContain('Asset 2');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Asset 8');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ kind: 'asset', asset: expect.objectContaining({ id: 8 }) }));
    fireEvent.keyDown(document.activeElement!, { key: ' ', shiftKey: true });
    expect(onSelect).toHaveBeenCalledWith(8, { shift: true });
  });
});

describe('folder tiles', () => {
  const node = (id: number, name: string, direct: number, total: number | undefined, children: FolderNode[] = []): FolderNode => ({
    id,
    name,
    color: '#EEEEEE',
    asset_count: direct,
    ...(total === undefined ? {} : { total_asset_count: total }),
    child_sets: children,
  });

  function renderFolders(folders: FolderNode[], view: 'grid' | 'list') {
    render(
      <AssetGrid
        items={folders.map((folder) => ({ kind: 'folder', folder }))}
        view={view}
        selected={new Set()}
        label="Contents"
        onSelect={() => {}}
        onOpen={() => {}}
      />,
    );
    // The grid's tiles say it under the name; the list's rows in the size column (the type column says Folder).
    return (name: string) =>
      view === 'grid'
        ? screen.getByText(name).closest('[role="gridcell"]')?.querySelector('.tile__sub')?.textContent
        : `Folder, ${screen.getByText(name).closest('[role="row"]')?.querySelector('.list-row__cell--size')?.textContent}`;
  }

  it('counts the assets of sub-folders too, and says how many are in the folder itself when that differs', () => {
    for (const view of ['grid', 'list'] as const) {
      const sub = renderFolders(
        [
          node(1, 'Moved away', 0, 2, [node(11, 'Inner', 2, 2)]),
          node(2, 'Mixed', 2, 5, [node(21, 'Part', 3, 3)]),
          node(3, 'Flat', 4, 4),
          node(4, 'Single', 1, 1),
          node(5, 'Empty', 0, 0),
        ],
        view,
      );
      expect(sub('Moved away')).toBe('Folder, 2 assets in sub-folders');
      expect(sub('Mixed')).toBe('Folder, 5 assets (2 here)');
      expect(sub('Flat')).toBe('Folder, 4 assets');
      expect(sub('Single')).toBe('Folder, 1 asset');
      expect(sub('Empty')).toBe('Folder, 0 assets');
      cleanup();
    }
  });

  it('adds up the tree when the answer has no totals', () => {
    const sub = renderFolders(
      [node(1, 'Older answer', 1, undefined, [node(11, 'Inner', 2, undefined, [node(111, 'Deep', 3, undefined)])])],
      'grid',
    );
    expect(sub('Older answer')).toBe('Folder, 6 assets (1 here)');
  });
});

describe('Thumbnail', () => {
  it('falls back to the file icon when its URL fails, and tries the next URL the API hands out (signed URLs expire)', () => {
    const first = asset({ id: 7, thumbnail_url: '/media/t/70?exp=1&width=400&sig=old' });
    const { container, rerender } = render(<Thumbnail asset={first} />);
    const img = () => container.querySelector('img') as HTMLImageElement;
    expect(img().getAttribute('src')).toBe('/media/t/70?exp=1&width=400&sig=old');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('/api/file-icon/file-png.svg');
    rerender(<Thumbnail asset={{ ...first, thumbnail_url: '/media/t/70?exp=2&width=400&sig=new' }} />);
    expect(img().getAttribute('src')).toBe('/media/t/70?exp=2&width=400&sig=new');
  });
});

describe('list view columns', () => {
  const ITEMS: BrowserItem[] = [
    { kind: 'folder', folder: { id: 9, name: 'Logos', color: '#EEEEEE', asset_count: 1, total_asset_count: 1, child_sets: [] } },
    { kind: 'asset', asset: asset({ id: 1, title: 'Hero', extension: 'jpg', size: 2048, width: 3000, height: 2000 }) },
    { kind: 'asset', asset: asset({ id: 2, title: 'Site', object_type: 'URL', extension: null, size: null, width: null, height: null }) },
  ];

  /** The grid with its sort held the way FolderContents holds it (in the address). */
  function SortedList({ onSort }: { onSort: (sort: FolderSort) => void }) {
    const [sort, setSort] = useState<FolderSort>({ sort: 'position', order: 'asc' });
    return (
      <AssetGrid
        items={ITEMS}
        view="list"
        selected={new Set()}
        label="Contents"
        onSelect={() => {}}
        onOpen={() => {}}
        sort={sort}
        onSort={(next) => {
          onSort(next);
          setSort(next);
        }}
      />
    );
  }

  it('has a header row of sortable columns: a button each, aria-sort on the sorted one, pressed again turns round', () => {
    const onSort = vi.fn();
    render(<SortedList onSort={onSort} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Type', 'Size', 'Dimensions', 'Modified']);
    expect(headers.filter((h) => h.hasAttribute('aria-sort'))).toEqual([]);

    fireEvent.click(within(headers[0] as HTMLElement).getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'title', order: 'asc' });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'title', order: 'desc' });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');

    // Sizes, dimensions and dates start with the largest and newest.
    fireEvent.click(screen.getByRole('button', { name: /Size/ }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'size', order: 'desc' });
    expect(screen.getByRole('columnheader', { name: /Size/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Name/ }).hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Type/ }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'type', order: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: /Dimensions/ }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'dimensions', order: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: /Modified/ }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'modified', order: 'desc' });
  });

  it('shows a cell per column: type, size, dimensions and modification date', () => {
    render(<SortedList onSort={() => {}} />);
    const cells = (title: string) =>
      Array.from(screen.getByText(title).closest('[role="row"]')?.querySelectorAll('[role="gridcell"]') ?? []).map((c) => c.textContent);
    expect(cells('Hero')).toEqual(['Hero', 'JPG', '2.0 KB', '3000 × 2000', expect.stringMatching(/2025/)]);
    expect(cells('Site')).toEqual(['Site', 'Link', '—', '—', expect.stringMatching(/2025/)]);
    expect(cells('Logos')).toEqual(['Logos', 'Folder', '1 asset', '—', '—']);
  });

  it('keeps the name and the size on a phone', () => {
    restore();
    restore = stubLayout({ width: 390, height: 700 });
    render(<SortedList onSort={() => {}} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Size']);
    expect(screen.getByRole('grid').getAttribute('aria-colcount')).toBe('2');
  });
});

describe('tiles of videos and transparent images', () => {
  it('a video tile shows a play mark and its length; other tiles do not', () => {
    render(
      <AssetGrid
        items={[
          { kind: 'asset', asset: asset({ id: 1, title: 'Launch film', type: 'Video', extension: 'mp4', duration: 102.4 }) },
          { kind: 'asset', asset: asset({ id: 2, title: 'Photo' }) },
        ]}
        view="grid"
        selected={new Set()}
        label="Contents"
        onSelect={() => {}}
        onOpen={() => {}}
      />,
    );
    const badge = within(screen.getByText('Launch film').closest('[role="gridcell"]') as HTMLElement).getByTestId('video-badge');
    expect(badge.textContent).toBe('▶Video, 1:42');
    expect(within(screen.getByText('Photo').closest('[role="gridcell"]') as HTMLElement).queryByTestId('video-badge')).toBeNull();
  });

  it('a transparent image sits on the checkerboard; an opaque one and a file icon do not', () => {
    const { container, rerender } = render(<Thumbnail asset={asset({ id: 3, thumbnail_url: '/media/t/3', has_alpha: true })} />);
    const img = () => container.querySelector('img') as HTMLImageElement;
    expect(img().classList.contains('tile__img--alpha')).toBe(true);
    rerender(<Thumbnail asset={asset({ id: 4, thumbnail_url: '/media/t/4', has_alpha: false })} />);
    expect(img().classList.contains('tile__img--alpha')).toBe(false);
    rerender(<Thumbnail asset={asset({ id: 5, thumbnail_url: null, preview_url: null, has_alpha: true })} />);
    expect(img().classList.contains('tile__img--alpha')).toBe(false);
  });
});

describe('moving by drag', () => {
  const logos: FolderNode = { id: 9, name: 'Logos', color: '#EEEEEE', asset_count: 0, total_asset_count: 0, child_sets: [] };
  const ITEMS: BrowserItem[] = [
    { kind: 'folder', folder: logos },
    ...[1, 2, 3].map((id) => ({ kind: 'asset' as const, asset: asset({ id, title: `Asset ${id}` }) })),
  ];

  function renderDnd(view: 'grid' | 'list', selected: number[], dnd?: Partial<GridDragDrop>) {
    const onDrop = vi.fn();
    const selection = new Set(selected);
    render(
      <AssetGrid
        items={ITEMS}
        view={view}
        selected={selection}
        label="Contents"
        onSelect={() => {}}
        onOpen={() => {}}
        dnd={{ projectId: 5, dragIds: (id) => (selection.has(id) ? selected : [id]), onDrop, ...dnd }}
      />,
    );
    return onDrop;
  }
  const tileOf = (title: string) => screen.getByText(title).closest('[data-asset-id]') as HTMLElement;
  const folderOf = (name: string) => screen.getByText(name).closest('[data-folder-id]') as HTMLElement;

  it('dropping a selected tile on a folder tile moves the whole selection there', async () => {
    const onDrop = renderDnd('grid', [1, 3]);
    expect(tileOf('Asset 1').getAttribute('draggable')).toBe('true');
    const transfer = new FakeDataTransfer();
    fireEvent.dragStart(tileOf('Asset 3'), { dataTransfer: transfer });
    expect(transfer.types).toEqual([assetDragType(5)]);
    dragOver(folderOf('Logos'), transfer);
    // The folder under the pointer lights up and takes a move.
    expect(folderOf('Logos').classList.contains('tile--drop-target')).toBe(true);
    expect(transfer.dropEffect).toBe('move');
    fireEvent.drop(folderOf('Logos'), { dataTransfer: transfer });
    await waitFor(() => expect(onDrop).toHaveBeenCalledWith(logos, [1, 3]));
    expect(folderOf('Logos').classList.contains('tile--drop-target')).toBe(false);
  });

  it('an asset outside the selection moves alone; rows of the list view drag and take drops too', async () => {
    const onDrop = renderDnd('list', [1, 3]);
    dragAndDrop(tileOf('Asset 2'), folderOf('Logos'));
    await waitFor(() => expect(onDrop).toHaveBeenCalledWith(logos, [2]));
    expect(tileOf('Asset 2').getAttribute('role')).toBe('row');
  });

  it('files from the desktop and assets of another project pass over a folder without being taken', () => {
    const onDrop = renderDnd('grid', []);
    const outer = vi.fn();
    screen.getByRole('grid').parentElement?.addEventListener('dragover', outer);
    const files = new FakeDataTransfer([new File(['x'], 'a.png', { type: 'image/png' })]);
    dragOver(folderOf('Logos'), files);
    expect(folderOf('Logos').classList.contains('tile--drop-target')).toBe(false);
    // Left to the library's upload drop area around the grid.
    expect(outer).toHaveBeenCalled();
    const foreign = new FakeDataTransfer();
    foreign.setData(assetDragType(6), '[1]');
    dragOver(folderOf('Logos'), foreign);
    fireEvent.drop(folderOf('Logos'), { dataTransfer: foreign });
    expect(folderOf('Logos').classList.contains('tile--drop-target')).toBe(false);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('without the right to move, nothing can be dragged', () => {
    render(<AssetGrid items={ITEMS} view="grid" selected={new Set()} label="Contents" onSelect={() => {}} onOpen={() => {}} />);
    expect(tileOf('Asset 1').getAttribute('draggable')).toBeNull();
  });
});
