import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset } from '../../test/fixtures';
import { stubLayout } from '../../test/utils';
import type { FolderNode } from '../../toolkit/folders';
import { AssetGrid, type BrowserItem, columnCount, Thumbnail } from './AssetGrid';

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
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('10000');
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
    return (name: string) => screen.getByText(name).closest('[role="gridcell"]')?.querySelector('.tile__sub')?.textContent;
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
