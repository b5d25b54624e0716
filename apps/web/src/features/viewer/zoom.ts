import { levelSize, maxZoomLevel, servedWhole, tileGrid, tileRect, ZOOM_MIN_LEVEL, ZOOM_TILE_SIZE, type ZoomSize } from '@emblem/core';

/**
 * The viewer's zoom maths. Scales are relative to the image's own size (the original's pixels, or an SVG's
 * intrinsic size), so 100 % shows one pixel of the original per CSS pixel. When the preview has fewer pixels
 * than the scale needs on this screen, the viewer loads a level of the image's pyramid (packages/core
 * media/zoom.ts): whole when it is small enough, else the tiles that cover the visible part.
 */

export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;
export const ZOOM_STEP = 1.25;
/** Space kept around a fitted image, in CSS pixels (both sides together). */
export const FIT_MARGIN = 32;
/** A level may be up to this much softer than the screen before a sharper one is loaded. */
const LEVEL_SLACK = 1.05;

/** What the viewer knows about the image it zooms: enough to ask for its pyramid. */
export interface ZoomSource {
  assetId: number;
  revisionId: number;
  /** An SVG: rasterised at any level up to maxZoomLevel, so it stays sharp. */
  vector: boolean;
}

/** Extensions whose pyramid the server makes (raster images it decodes, and SVG). */
const PYRAMID_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'jpe',
  'jfif',
  'png',
  'apng',
  'gif',
  'webp',
  'avif',
  'tif',
  'tiff',
  'heic',
  'heif',
  'svg',
]);

export function hasPyramid(extension: string | null | undefined): boolean {
  return Boolean(extension && PYRAMID_EXTENSIONS.has(extension.toLowerCase()));
}

/**
 * The scale that fits the image in a box (with a margin). Raster images are never enlarged to fit; vectors and
 * documents, which are drawn at any size, are.
 */
export function fitScale(size: ZoomSize, box: ZoomSize, enlarge: boolean): number {
  if (box.width <= FIT_MARGIN || box.height <= FIT_MARGIN || size.width <= 0 || size.height <= 0) return 1;
  const fit = Math.min((box.width - FIT_MARGIN) / size.width, (box.height - FIT_MARGIN) / size.height);
  return enlarge ? Math.min(MAX_ZOOM, fit) : Math.min(1, fit);
}

/** A scale within the limits (a huge image's fit may be below MIN_ZOOM; zooming out never goes below it). */
export function clampZoom(scale: number, fit: number): number {
  return Math.min(MAX_ZOOM, Math.max(Math.min(MIN_ZOOM, fit), scale));
}

/**
 * The pyramid level to show at `scale` on a screen with `dpr` device pixels per CSS pixel, or null when the
 * preview (`previewWidth` pixels wide) is as sharp as that. Levels are powers of two, so the same few are asked
 * for again and again (the browser's and the server's caches hit).
 */
export function chooseLevel(opts: { size: ZoomSize; scale: number; dpr: number; previewWidth: number; vector: boolean }): number | null {
  const { size, scale, dpr, previewWidth, vector } = opts;
  const needed = scale * Math.max(1, dpr);
  const previewResolution = previewWidth / size.width;
  if (previewResolution * LEVEL_SLACK >= needed) return null;
  let level = Math.ceil(Math.log2(needed / LEVEL_SLACK));
  level = Math.max(ZOOM_MIN_LEVEL, Math.min(level, maxZoomLevel(size, vector)));
  if (2 ** level <= previewResolution) return null;
  return level || 0; // never −0
}

/** A rectangle in the image's own pixels (the visible part of it). */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One image of a level, placed over the preview in percent of the image's size. */
export interface LevelPiece {
  key: string;
  url: string;
  style: { left: string; top: string; width: string; height: string };
}

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(4)}%`;

export function zoomUrl(source: ZoomSource, level: number, tile?: { x: number; y: number }): string {
  const query = new URLSearchParams({ revision: String(source.revisionId), level: String(level) });
  if (tile) {
    query.set('x', String(tile.x));
    query.set('y', String(tile.y));
  }
  return `/api/asset/${source.assetId}/zoom?${query.toString()}`;
}

/**
 * The images of a level that cover `visible` (plus a tile around it, so panning finds them loaded): the whole
 * level when it is served whole, else its tiles.
 */
export function levelPieces(source: ZoomSource, size: ZoomSize, level: number, visible: Region): LevelPiece[] {
  const ls = levelSize(size, level);
  if (servedWhole(size, level)) {
    return [{ key: `${level}`, url: zoomUrl(source, level), style: { left: '0%', top: '0%', width: '100%', height: '100%' } }];
  }
  const k = ls.width / size.width;
  const grid = tileGrid(size, level);
  const first = (v: number) => Math.max(0, Math.floor((v * k) / ZOOM_TILE_SIZE) - 1);
  const last = (v: number, count: number) => Math.min(count - 1, Math.floor((v * k) / ZOOM_TILE_SIZE) + 1);
  const pieces: LevelPiece[] = [];
  for (let y = first(visible.top); y <= last(visible.top + visible.height, grid.rows); y++) {
    for (let x = first(visible.left); x <= last(visible.left + visible.width, grid.columns); x++) {
      const r = tileRect(size, level, x, y);
      pieces.push({
        key: `${level}/${x}/${y}`,
        url: zoomUrl(source, level, { x, y }),
        style: {
          left: percent(r.left, ls.width),
          top: percent(r.top, ls.height),
          width: percent(r.width, ls.width),
          height: percent(r.height, ls.height),
        },
      });
    }
  }
  return pieces;
}
