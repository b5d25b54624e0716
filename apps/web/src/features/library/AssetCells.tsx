import type { TFunction } from 'i18next';
import { type CSSProperties, type MouseEvent, type ReactNode, type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDuration, formatSize } from '../../lib/format';
import { DEFAULT_FOLDER_COLOR, type FolderNode, totalAssetCount } from '../../toolkit/folders';
import { MissingMetadataBadge } from '../metadata/MissingMetadataBadge';
import { SubmissionBadge } from '../submissions/SubmissionBadge';
import { type Asset, fileIconUrl } from './api';
import { useAssetDrag, useAssetDrop } from './dragDrop';
import { ExpiryBadge } from './expiry';

/* The tiles of the grid view and the rows of the list view (AssetGrid lays them out). */

export type ListColumn = 'name' | 'type' | 'size' | 'dimensions' | 'modified';

/** Moving by drag inside the grid: what a drag of an asset carries, and what a drop on a folder does. */
export interface GridDragDrop {
  projectId: number;
  /** The selection when the asset is part of it, else the asset alone. */
  dragIds: (assetId: number) => number[];
  onDrop: (folder: FolderNode, ids: number[]) => void;
}

export interface CellProps {
  index: number;
  tabIndex: number;
  onFocus: () => void;
  onClick: (event: MouseEvent) => void;
  dnd?: GridDragDrop;
}

/**
 * A folder's count on its tile: the assets in it and all its sub-folders; when some of them sit in sub-folders,
 * how many are in the folder itself.
 */
export function folderCountLabel(t: TFunction, folder: FolderNode): string {
  const total = totalAssetCount(folder);
  const direct = folder.asset_count ?? 0;
  if (total <= direct) return t('library.assetCount', { count: direct });
  if (direct === 0) return t('library.assetCountBelow', { count: total });
  return t('library.assetCountHere', { count: total, direct });
}

function useFolderDrop(folder: FolderNode, dnd: GridDragDrop | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const { dropProps, isDropTarget } = useAssetDrop({
    projectId: dnd?.projectId ?? 0,
    ref,
    enabled: Boolean(dnd),
    onDrop: (ids) => dnd?.onDrop(folder, ids),
  });
  return { ref, dropProps, isDropTarget };
}

function useTileDrag(asset: Asset, dnd: GridDragDrop | undefined) {
  const { t } = useTranslation();
  return useAssetDrag({
    projectId: dnd?.projectId ?? 0,
    enabled: Boolean(dnd),
    ids: () => dnd?.dragIds(asset.id) ?? [asset.id],
    label: (count) => t('library.dragCount', { count }),
  });
}

export function FolderTile({
  folder,
  index,
  tabIndex,
  onFocus,
  onClick,
  dnd,
  colIndex,
}: CellProps & { folder: FolderNode; colIndex: number }) {
  const { t } = useTranslation();
  const { ref, dropProps, isDropTarget } = useFolderDrop(folder, dnd);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keys of all cells (Enter, Space).
    // biome-ignore lint/a11y/useSemanticElements: cells of the virtualised grid (see AssetGrid).
    <div
      ref={ref}
      role="gridcell"
      aria-colindex={colIndex}
      data-index={index}
      data-folder-id={folder.id}
      tabIndex={tabIndex}
      onFocus={onFocus}
      onClick={onClick}
      {...dropProps}
      className={`tile tile--folder tile--grid${isDropTarget ? ' tile--drop-target' : ''}`}
    >
      <div className="tile__media tile__media--folder">
        <FolderGlyph color={folder.color} />
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

function FolderGlyph({ color }: { color: string | null | undefined }) {
  return (
    <span className="folder-glyph" aria-hidden="true" style={{ color: color ?? DEFAULT_FOLDER_COLOR }}>
      <svg viewBox="0 0 48 40" width="100%" height="100%" focusable="false" aria-hidden="true">
        <path
          d="M2 6a4 4 0 0 1 4-4h12l4 5h20a4 4 0 0 1 4 4v23a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4z"
          fill="currentColor"
          stroke="#8a9090"
          strokeWidth="1.5"
        />
      </svg>
    </span>
  );
}

interface AssetCellProps extends CellProps {
  asset: Asset;
  isSelected: boolean;
  onCheckClick: (event: MouseEvent) => void;
}

/** A pointer target only: keyboard users select with Space, and aria-selected tells the state. */
function CheckMark({ isSelected, onClick }: { isSelected: boolean; onClick: (event: MouseEvent) => void }) {
  return (
    <span className="tile__check" aria-hidden="true" onClick={onClick} data-testid="tile-check">
      {isSelected ? '✓' : ''}
    </span>
  );
}

const preventRangeTextSelection = (event: MouseEvent) => {
  // Shift-click selects a range, not the text in between.
  if (event.shiftKey) event.preventDefault();
};

export function AssetTile({
  asset,
  index,
  colIndex,
  tabIndex,
  onFocus,
  onClick,
  onCheckClick,
  isSelected,
  dnd,
}: AssetCellProps & { colIndex: number }) {
  const { t } = useTranslation();
  const { dragProps, isDragging } = useTileDrag(asset, dnd);
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
      onMouseDown={preventRangeTextSelection}
      {...dragProps}
      className={`tile tile--asset tile--grid${isSelected ? ' tile--selected' : ''}${isDragging ? ' tile--dragging' : ''}`}
    >
      <CheckMark isSelected={isSelected} onClick={onCheckClick} />
      <div className="tile__media">
        <Thumbnail asset={asset} />
        <StatusBadge asset={asset} />
        <DurationBadge asset={asset} />
        <ExpiryBadge asset={asset} />
        <SubmissionBadge asset={asset} />
      </div>
      <div className="tile__meta">
        <span className="tile__title">{asset.title || asset.filename || t('library.untitled')}</span>
        <span className="tile__sub">
          {extension ? <span className="tile__ext">{extension}</span> : null}
          <MissingMetadataBadge asset={asset} compact />
        </span>
      </div>
    </div>
  );
}

/** A video's length and a play mark on its tile. */
export function DurationBadge({ asset, compact = false }: { asset: Pick<Asset, 'type' | 'duration'>; compact?: boolean }) {
  const { t } = useTranslation();
  if (asset.type !== 'Video') return null;
  const hasDuration = asset.duration !== null && Number.isFinite(asset.duration);
  return (
    <span className={`tile__video${compact ? ' tile__video--compact' : ''}`} data-testid="video-badge">
      <span className="tile__play" aria-hidden="true">
        ▶
      </span>
      <span className="visually-hidden">{t('library.video')}</span>
      {hasDuration && !compact ? (
        <>
          <span className="visually-hidden">, </span>
          <span className="tile__duration">{formatDuration(asset.duration)}</span>
        </>
      ) : null}
    </span>
  );
}

/* ---------- list view ---------- */

interface RowLayout {
  rowIndex: number;
  columns: readonly ListColumn[];
  style: CSSProperties;
}

function ListRowFrame({
  layout,
  isSelected,
  className,
  onClick,
  extra,
  children,
  rowRef,
}: {
  layout: RowLayout;
  isSelected?: boolean;
  className: string;
  onClick: (event: MouseEvent) => void;
  extra: object;
  children: ReactNode;
  rowRef?: Ref<HTMLDivElement>;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keys (Enter, Space) on the row's first cell.
    // biome-ignore lint/a11y/useSemanticElements: rows of the virtualised grid (see AssetGrid).
    // biome-ignore lint/a11y/useFocusableInteractive: focus is on the row's first cell (one tab stop, arrow keys).
    <div
      ref={rowRef}
      role="row"
      aria-rowindex={layout.rowIndex}
      aria-selected={isSelected}
      className={className}
      style={layout.style}
      onClick={onClick}
      onMouseDown={preventRangeTextSelection}
      {...extra}
    >
      {children}
    </div>
  );
}

/** The cells after the name, in the columns shown. */
function ListCells({ columns, values }: { columns: readonly ListColumn[]; values: Record<Exclude<ListColumn, 'name'>, ReactNode> }) {
  return (
    <>
      {columns
        .filter((column): column is Exclude<ListColumn, 'name'> => column !== 'name')
        .map((column) => (
          // biome-ignore lint/a11y/useSemanticElements: cells of the virtualised grid (see AssetGrid).
          // biome-ignore lint/a11y/useFocusableInteractive: the row's first cell holds its focus.
          <div key={column} role="gridcell" className={`list-row__cell list-row__cell--${column}`}>
            {values[column]}
          </div>
        ))}
    </>
  );
}

export function FolderRow({
  folder,
  index,
  tabIndex,
  onFocus,
  onClick,
  dnd,
  layout,
}: CellProps & { folder: FolderNode; layout: RowLayout }) {
  const { t } = useTranslation();
  const { ref, dropProps, isDropTarget } = useFolderDrop(folder, dnd);
  return (
    <ListRowFrame
      rowRef={ref}
      layout={layout}
      className={`list-row list-row--folder${isDropTarget ? ' list-row--drop-target' : ''}`}
      onClick={onClick}
      extra={{ ...dropProps, 'data-folder-id': folder.id }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: cells of the virtualised grid (see AssetGrid). */}
      <div role="gridcell" data-index={index} tabIndex={tabIndex} onFocus={onFocus} className="list-row__name">
        <span className="list-row__thumb list-row__thumb--folder">
          <FolderGlyph color={folder.color} />
        </span>
        <span className="tile__title">{folder.name}</span>
      </div>
      <ListCells
        columns={layout.columns}
        values={{ type: t('library.folder'), size: folderCountLabel(t, folder), dimensions: '—', modified: '—' }}
      />
    </ListRowFrame>
  );
}

export function AssetRow({
  asset,
  index,
  tabIndex,
  onFocus,
  onClick,
  onCheckClick,
  isSelected,
  dnd,
  layout,
}: AssetCellProps & { layout: RowLayout }) {
  const { t, i18n } = useTranslation();
  const { dragProps, isDragging } = useTileDrag(asset, dnd);
  const type = asset.object_type === 'URL' ? t('library.link') : (asset.extension ?? '').toUpperCase() || '—';
  const dimensions = asset.width && asset.height ? t('library.dimensions', { width: asset.width, height: asset.height }) : '—';
  const duration = asset.type === 'Video' || asset.type === 'Audio' ? formatDuration(asset.duration) : null;
  return (
    <ListRowFrame
      layout={layout}
      isSelected={isSelected}
      className={`list-row list-row--asset${isSelected ? ' list-row--selected' : ''}${isDragging ? ' list-row--dragging' : ''}`}
      onClick={onClick}
      extra={{ ...dragProps, 'data-asset-id': asset.id }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: cells of the virtualised grid (see AssetGrid). */}
      <div role="gridcell" data-index={index} tabIndex={tabIndex} onFocus={onFocus} className="list-row__name">
        <CheckMark isSelected={isSelected} onClick={onCheckClick} />
        <span className="list-row__thumb">
          <Thumbnail asset={asset} />
          <DurationBadge asset={asset} compact />
        </span>
        <span className="tile__title">{asset.title || asset.filename || t('library.untitled')}</span>
        <StatusBadge asset={asset} />
        <ExpiryBadge asset={asset} compact />
        <SubmissionBadge asset={asset} compact />
        <MissingMetadataBadge asset={asset} compact />
      </div>
      <ListCells
        columns={layout.columns}
        values={{
          type,
          size: formatSize(asset.size),
          dimensions: duration && duration !== '—' ? (dimensions === '—' ? duration : `${dimensions}, ${duration}`) : dimensions,
          modified: formatDate(asset.modified_at, i18n.language),
        }}
      />
    </ListRowFrame>
  );
}

/* ---------- shared ---------- */

/**
 * The thumbnail, or the file type's icon when there is no preview (or it fails to load). A failure belongs to its
 * URL: signed media URLs expire, and the next read of the list brings a new one, which is tried again. A
 * transparent image sits on the checkerboard the viewer shows behind it.
 */
export function Thumbnail({ asset, className = 'tile__img' }: { asset: Asset; className?: string }) {
  const url = asset.thumbnail_url ?? asset.preview_url ?? null;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && url !== failedUrl && asset.status !== 'PROCESSING') {
    return (
      <img
        className={asset.has_alpha ? `${className} ${className}--alpha` : className}
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setFailedUrl(url)}
      />
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
