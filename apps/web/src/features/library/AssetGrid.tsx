import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '../../toolkit/folders';
import { AssetRow, AssetTile, FolderRow, FolderTile, type GridDragDrop, type ListColumn } from './AssetCells';
import type { Asset } from './api';
import { ListHeader } from './ListHeader';
import { isToggleModifier, type SelectModifiers } from './selection';
import type { FolderSort } from './sort';

export type { GridDragDrop } from './AssetCells';
export { StatusBadge, Thumbnail } from './AssetCells';

export type BrowserItem = { kind: 'folder'; folder: FolderNode } | { kind: 'asset'; asset: Asset };
export type ViewMode = 'grid' | 'list';

/** Layout of the grid: tiles at least this wide; the column count follows the available width. */
export const TILE_MIN_WIDTH = 176;
export const TILE_MIN_WIDTH_NARROW = 136;
export const GRID_GAP = 12;
export const GRID_PADDING = 16;
/** Title and extension under the square thumbnail. */
export const TILE_META_HEIGHT = 56;
export const LIST_ROW_HEIGHT = 56;
export const LIST_HEADER_HEIGHT = 40;

export function columnCount(width: number): number {
  const min = width < 600 ? TILE_MIN_WIDTH_NARROW : TILE_MIN_WIDTH;
  return Math.max(1, Math.floor((width - 2 * GRID_PADDING + GRID_GAP) / (min + GRID_GAP)));
}

/** The list view's columns at this width: narrow screens keep the name and the size. */
export function listColumns(width: number): ListColumn[] {
  if (width > 0 && width < 560) return ['name', 'size'];
  if (width > 0 && width < 820) return ['name', 'type', 'size', 'modified'];
  return ['name', 'type', 'size', 'dimensions', 'modified'];
}

const COLUMN_WIDTHS: Record<ListColumn, string> = {
  name: 'minmax(0, 1fr)',
  type: '5.5rem',
  size: '7.5rem',
  dimensions: '10rem',
  modified: '8.5rem',
};

/** The width of an element, kept up to date with ResizeObserver where there is one. */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export interface AssetGridProps {
  items: readonly BrowserItem[];
  view: ViewMode;
  selected: ReadonlySet<number>;
  /** The grid's accessible name, e.g. the folder's name. */
  label: string;
  onSelect: (assetId: number, modifiers: SelectModifiers) => void;
  onOpen: (item: BrowserItem) => void;
  /** Asked for when the last rows come into view. */
  onEndReached?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  /** The list view's column headers sort by this; without `onSort` they are plain headers. */
  sort?: FolderSort;
  onSort?: (sort: FolderSort) => void;
  /** Dragging assets onto folders, for people who may move them. */
  dnd?: GridDragDrop;
  /** New contents are on their way (another sort): the grid says it is busy. */
  busy?: boolean;
}

/**
 * The folder's contents, virtualised in both views so that only the rows in (and near) the viewport exist in
 * the DOM: 10,000 assets scroll as smoothly as 10. An ARIA grid with one tab stop: arrow keys, Home/End and
 * Page Up/Down move; Enter opens; Space selects (Shift+Space selects a range). Pointer: a click opens, a click
 * on the check mark, Ctrl/Cmd-click or Shift-click selects; tiles and rows can be dragged onto folders.
 *
 * The list view is the same grid with a header row of sortable column headers (aria-sort) and one row per item
 * with a cell per column; a virtualised list positions its rows absolutely, which an HTML table cannot, so the
 * table semantics come from the ARIA roles. The row's first cell (the name) holds its focus.
 */
export function AssetGrid({
  items,
  view,
  selected,
  label,
  onSelect,
  onOpen,
  onEndReached,
  hasMore,
  loadingMore,
  sort,
  onSort,
  dnd,
  busy,
}: AssetGridProps) {
  const { t } = useTranslation();
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef);
  const isList = view === 'list';
  const columns = isList ? 1 : columnCount(width);
  const rowCount = Math.ceil(items.length / columns);
  const tileWidth = isList ? 0 : Math.max(0, (width - 2 * GRID_PADDING - GRID_GAP * (columns - 1)) / columns);
  const rowHeight = isList ? LIST_ROW_HEIGHT : Math.round(tileWidth + TILE_META_HEIGHT + GRID_GAP);
  const shownColumns = listColumns(width);
  const template = shownColumns.map((column) => COLUMN_WIDTHS[column]).join(' ');

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 3,
    paddingStart: isList ? LIST_HEADER_HEIGHT : GRID_PADDING,
    // The sticky header covers the top of the list: rows scrolled into view stop below it.
    scrollPaddingStart: isList ? LIST_HEADER_HEIGHT : 0,
    paddingEnd: GRID_PADDING,
  });

  // Row heights follow the width (grid) and the view; positions are recomputed when they change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowHeight and the view are the triggers; estimateSize reads them.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight, isList]);

  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  const virtualRows = virtualizer.getVirtualItems();
  const firstRendered = (virtualRows[0]?.index ?? 0) * columns;
  const activeRendered = virtualRows.some((row) => row.index === Math.floor(active / columns));
  // One tab stop: the active cell when it is rendered, else the first rendered one.
  const tabStop = items.length === 0 ? -1 : activeRendered && active < items.length ? active : Math.min(firstRendered, items.length - 1);

  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus.current}"]`);
    if (cell) {
      cell.focus({ preventScroll: true });
      pendingFocus.current = null;
    }
  });

  // More pages are asked for as the end comes near.
  const lastRow = virtualRows[virtualRows.length - 1]?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && onEndReached && lastRow >= rowCount - 4) onEndReached();
  }, [hasMore, loadingMore, onEndReached, lastRow, rowCount]);

  const moveTo = useCallback(
    (index: number) => {
      if (items.length === 0) return;
      const next = Math.max(0, Math.min(items.length - 1, index));
      setActive(next);
      pendingFocus.current = next;
      virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' });
    },
    [items.length, columns, virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    // Keys on the column headers' buttons are theirs.
    if (!cell) return;
    const index = Number(cell.dataset.index ?? active);
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight) / rowHeight));
    const item = items[index];
    switch (event.key) {
      case 'ArrowRight':
        moveTo(index + 1);
        break;
      case 'ArrowLeft':
        moveTo(index - 1);
        break;
      case 'ArrowDown':
        moveTo(index + columns);
        break;
      case 'ArrowUp':
        moveTo(index - columns);
        break;
      case 'Home':
        moveTo(event.ctrlKey || isList ? 0 : index - (index % columns));
        break;
      case 'End':
        moveTo(event.ctrlKey || isList ? items.length - 1 : index - (index % columns) + columns - 1);
        break;
      case 'PageDown':
        moveTo(index + pageRows * columns);
        break;
      case 'PageUp':
        moveTo(index - pageRows * columns);
        break;
      case 'Enter':
        if (item) onOpen(item);
        break;
      case ' ':
        if (item?.kind === 'asset') onSelect(item.asset.id, { shift: event.shiftKey });
        else if (item) onOpen(item);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const onCellClick = (event: MouseEvent, item: BrowserItem, index: number) => {
    setActive(index);
    if (item.kind === 'asset' && event.shiftKey) onSelect(item.asset.id, { shift: true });
    else if (item.kind === 'asset' && isToggleModifier(event)) onSelect(item.asset.id, { toggle: true });
    else onOpen(item);
  };

  const onCheckClick = (event: MouseEvent, asset: Asset, index: number) => {
    event.stopPropagation();
    setActive(index);
    onSelect(asset.id, { shift: event.shiftKey });
  };

  const renderItem = (item: BrowserItem, index: number, offset: number, rowStyle: { start: number; rowIndex: number }) => {
    const common = {
      index,
      tabIndex: index === tabStop ? 0 : -1,
      onFocus: () => setActive(index),
      onClick: (event: MouseEvent) => onCellClick(event, item, index),
      dnd,
    };
    if (isList) {
      const layout = {
        rowIndex: rowStyle.rowIndex,
        columns: shownColumns,
        style: { transform: `translateY(${rowStyle.start}px)`, height: rowHeight, gridTemplateColumns: template },
      };
      return item.kind === 'folder' ? (
        <FolderRow key={`f${item.folder.id}`} {...common} folder={item.folder} layout={layout} />
      ) : (
        <AssetRow
          key={`a${item.asset.id}`}
          {...common}
          asset={item.asset}
          layout={layout}
          isSelected={selected.has(item.asset.id)}
          onCheckClick={(e) => onCheckClick(e, item.asset, index)}
        />
      );
    }
    return item.kind === 'folder' ? (
      <FolderTile key={`f${item.folder.id}`} {...common} colIndex={offset + 1} folder={item.folder} />
    ) : (
      <AssetTile
        key={`a${item.asset.id}`}
        {...common}
        colIndex={offset + 1}
        asset={item.asset}
        isSelected={selected.has(item.asset.id)}
        onCheckClick={(e) => onCheckClick(e, item.asset, index)}
      />
    );
  };

  return (
    <div ref={scrollRef} className={`asset-scroller asset-scroller--${view}`} data-testid="asset-scroller">
      {/* biome-ignore lint/a11y/useSemanticElements: a virtualised grid positions its rows absolutely; a table cannot. */}
      <div
        role="grid"
        id={gridId}
        aria-label={label}
        aria-multiselectable="true"
        aria-busy={busy || undefined}
        aria-rowcount={isList ? rowCount + 1 : rowCount}
        aria-colcount={isList ? shownColumns.length : columns}
        className={`asset-grid${busy ? ' asset-grid--busy' : ''}`}
        data-selecting={selected.size > 0 ? '' : undefined}
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {isList ? <ListHeader columns={shownColumns} template={template} sort={sort} onSort={onSort} /> : null}
        {virtualRows.map((row) => {
          const start = row.index * columns;
          if (isList) {
            const item = items[start];
            return item ? renderItem(item, start, 0, { start: row.start, rowIndex: row.index + 2 }) : null;
          }
          const rowItems = items.slice(start, start + columns);
          return (
            // biome-ignore lint/a11y/useSemanticElements: rows of the virtualised grid (see above).
            // biome-ignore lint/a11y/useFocusableInteractive: focus is on the cells (one tab stop, arrow keys).
            <div
              key={row.key}
              role="row"
              aria-rowindex={row.index + 1}
              className="asset-grid__row"
              style={{
                transform: `translateY(${row.start}px)`,
                height: rowHeight - GRID_GAP,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {rowItems.map((item, offset) => renderItem(item, start + offset, offset, { start: row.start, rowIndex: row.index + 1 }))}
            </div>
          );
        })}
      </div>
      {loadingMore ? (
        <p className="asset-scroller__more" role="status">
          <span className="spinner" aria-hidden="true" /> {t('library.loadingMore')}
        </p>
      ) : null}
    </div>
  );
}
