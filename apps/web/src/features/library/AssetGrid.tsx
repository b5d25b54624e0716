import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
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
import { formatDate, formatSize } from '../../lib/format';
import { DEFAULT_FOLDER_COLOR, type FolderNode, totalAssetCount } from '../../toolkit/folders';
import { type Asset, fileIconUrl } from './api';
import { isToggleModifier, type SelectModifiers } from './selection';

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

export function columnCount(width: number): number {
  const min = width < 600 ? TILE_MIN_WIDTH_NARROW : TILE_MIN_WIDTH;
  return Math.max(1, Math.floor((width - 2 * GRID_PADDING + GRID_GAP) / (min + GRID_GAP)));
}

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
}

/**
 * The folder's contents, virtualised in both views so that only the rows in (and near) the viewport exist in
 * the DOM: 10,000 assets scroll as smoothly as 10. An ARIA grid with one tab stop: arrow keys, Home/End and
 * Page Up/Down move; Enter opens; Space selects (Shift+Space selects a range). Pointer: a click opens, a click
 * on the check mark, Ctrl/Cmd-click or Shift-click selects.
 */
export function AssetGrid({ items, view, selected, label, onSelect, onOpen, onEndReached, hasMore, loadingMore }: AssetGridProps) {
  const { t } = useTranslation();
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef);
  const columns = view === 'grid' ? columnCount(width) : 1;
  const rowCount = Math.ceil(items.length / columns);
  const tileWidth = view === 'grid' ? Math.max(0, (width - 2 * GRID_PADDING - GRID_GAP * (columns - 1)) / columns) : 0;
  const rowHeight = view === 'grid' ? Math.round(tileWidth + TILE_META_HEIGHT + GRID_GAP) : LIST_ROW_HEIGHT;

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 3,
    paddingStart: view === 'grid' ? GRID_PADDING : 0,
    paddingEnd: GRID_PADDING,
  });

  // Row heights follow the width (grid) and the view; positions are recomputed when they change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowHeight is the trigger; estimateSize reads it.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

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
    const index = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index ?? active);
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
        moveTo(event.ctrlKey || view === 'list' ? 0 : index - (index % columns));
        break;
      case 'End':
        moveTo(event.ctrlKey || view === 'list' ? items.length - 1 : index - (index % columns) + columns - 1);
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

  return (
    <div ref={scrollRef} className={`asset-scroller asset-scroller--${view}`} data-testid="asset-scroller">
      {/* biome-ignore lint/a11y/useSemanticElements: a virtualised grid positions its rows absolutely; a table cannot. */}
      <div
        role="grid"
        id={gridId}
        aria-label={label}
        aria-multiselectable="true"
        aria-rowcount={rowCount}
        aria-colcount={columns}
        className="asset-grid"
        data-selecting={selected.size > 0 ? '' : undefined}
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {virtualRows.map((row) => {
          const start = row.index * columns;
          const rowItems = items.slice(start, start + columns);
          return (
            // biome-ignore lint/a11y/useSemanticElements: rows of the virtualised grid (see above).
            // biome-ignore lint/a11y/useFocusableInteractive: focus is on the cells (one tab stop, arrow keys).
            <div
              key={row.key}
              role="row"
              aria-rowindex={row.index + 1}
              className={view === 'grid' ? 'asset-grid__row' : 'asset-grid__row asset-grid__row--list'}
              style={{
                transform: `translateY(${row.start}px)`,
                height: view === 'grid' ? rowHeight - GRID_GAP : rowHeight,
                gridTemplateColumns: view === 'grid' ? `repeat(${columns}, minmax(0, 1fr))` : undefined,
              }}
            >
              {rowItems.map((item, offset) => {
                const index = start + offset;
                const common = {
                  index,
                  colIndex: offset + 1,
                  tabIndex: index === tabStop ? 0 : -1,
                  onFocus: () => setActive(index),
                };
                return item.kind === 'folder' ? (
                  <FolderCell
                    key={`f${item.folder.id}`}
                    {...common}
                    folder={item.folder}
                    view={view}
                    onClick={(e) => onCellClick(e, item, index)}
                  />
                ) : (
                  <AssetCell
                    key={`a${item.asset.id}`}
                    {...common}
                    asset={item.asset}
                    view={view}
                    isSelected={selected.has(item.asset.id)}
                    onClick={(e) => onCellClick(e, item, index)}
                    onCheckClick={(e) => onCheckClick(e, item.asset, index)}
                  />
                );
              })}
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

interface CellProps {
  index: number;
  colIndex: number;
  tabIndex: number;
  onFocus: () => void;
  onClick: (event: MouseEvent) => void;
  view: ViewMode;
}

/**
 * A folder's count on its tile: the assets in it and all its sub-folders; when some of them sit in sub-folders,
 * how many are in the folder itself.
 */
function folderCountLabel(t: TFunction, folder: FolderNode): string {
  const total = totalAssetCount(folder);
  const direct = folder.asset_count ?? 0;
  if (total <= direct) return t('library.assetCount', { count: direct });
  if (direct === 0) return t('library.assetCountBelow', { count: total });
  return t('library.assetCountHere', { count: total, direct });
}

function FolderCell({ folder, index, colIndex, tabIndex, onFocus, onClick, view }: CellProps & { folder: FolderNode }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keys of all cells (Enter, Space).
    // biome-ignore lint/a11y/useSemanticElements: cells of the virtualised grid (see AssetGrid).
    <div
      role="gridcell"
      aria-colindex={colIndex}
      data-index={index}
      tabIndex={tabIndex}
      onFocus={onFocus}
      onClick={onClick}
      className={`tile tile--folder tile--${view}`}
    >
      <div className="tile__media tile__media--folder">
        <span className="folder-glyph" aria-hidden="true" style={{ color: folder.color ?? DEFAULT_FOLDER_COLOR }}>
          <FolderGlyph />
        </span>
      </div>
      <div className="tile__meta">
        <span className="tile__title">{folder.name}</span>
        <span className="tile__sub">
          <span className="visually-hidden">{t('library.folder')}, </span>
          {folderCountLabel(t, folder)}
        </span>
      </div>
    </div>
  );
}

function FolderGlyph() {
  return (
    <svg viewBox="0 0 48 40" width="100%" height="100%" focusable="false" aria-hidden="true">
      <path
        d="M2 6a4 4 0 0 1 4-4h12l4 5h20a4 4 0 0 1 4 4v23a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4z"
        fill="currentColor"
        stroke="#8a9090"
        strokeWidth="1.5"
      />
    </svg>
  );
}

function AssetCell({
  asset,
  index,
  colIndex,
  tabIndex,
  onFocus,
  onClick,
  onCheckClick,
  isSelected,
  view,
}: CellProps & { asset: Asset; isSelected: boolean; onCheckClick: (event: MouseEvent) => void }) {
  const { t, i18n } = useTranslation();
  const extension = (asset.extension ?? '').toUpperCase();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keys of all cells (Enter, Space).
    // biome-ignore lint/a11y/useSemanticElements: cells of the virtualised grid (see AssetGrid).
    <div
      role="gridcell"
      aria-colindex={colIndex}
      aria-selected={isSelected}
      data-index={index}
      data-asset-id={asset.id}
      tabIndex={tabIndex}
      onFocus={onFocus}
      onClick={onClick}
      onMouseDown={(event) => {
        // Shift-click selects a range, not the text in between.
        if (event.shiftKey) event.preventDefault();
      }}
      className={`tile tile--asset tile--${view}${isSelected ? ' tile--selected' : ''}`}
    >
      {/* A pointer target only: keyboard users select with Space, and aria-selected tells the state. */}
      <span className="tile__check" aria-hidden="true" onClick={onCheckClick} data-testid="tile-check">
        {isSelected ? '✓' : ''}
      </span>
      <div className="tile__media">
        <Thumbnail asset={asset} />
        {view === 'grid' ? <StatusBadge asset={asset} /> : null}
      </div>
      <div className="tile__meta">
        <span className="tile__title">{asset.title || asset.filename || t('library.untitled')}</span>
        <span className="tile__sub">
          {extension ? <span className="tile__ext">{extension}</span> : null}
          {view === 'list' ? (
            <>
              <span className="tile__size">{formatSize(asset.size)}</span>
              <span className="tile__date">{formatDate(asset.created_at, i18n.language)}</span>
              <StatusBadge asset={asset} />
            </>
          ) : null}
        </span>
      </div>
    </div>
  );
}

/**
 * The thumbnail, or the file type's icon when there is no preview (or it fails to load). A failure belongs to its
 * URL: signed media URLs expire, and the next read of the list brings a new one, which is tried again.
 */
export function Thumbnail({ asset, className = 'tile__img' }: { asset: Asset; className?: string }) {
  const url = asset.thumbnail_url ?? asset.preview_url ?? null;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && url !== failedUrl && asset.status !== 'PROCESSING') {
    return (
      <img className={className} src={url} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setFailedUrl(url)} />
    );
  }
  return <img className={`${className} ${className}--icon`} src={fileIconUrl(asset.extension)} alt="" draggable={false} />;
}

export function StatusBadge({ asset }: { asset: Pick<Asset, 'status'> }) {
  const { t } = useTranslation();
  if (asset.status === 'PROCESSING') {
    return (
      <span className="tile__status badge badge--info">
        <span className="spinner spinner--sm" aria-hidden="true" />
        {t('library.status.PROCESSING')}
      </span>
    );
  }
  if (asset.status === 'PROCESSING_FAILED')
    return <span className="tile__status badge badge--danger">{t('library.status.PROCESSING_FAILED')}</span>;
  return null;
}
