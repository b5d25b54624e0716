import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset } from '../../test/fixtures';
import { stubLayout } from '../../test/utils';
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
