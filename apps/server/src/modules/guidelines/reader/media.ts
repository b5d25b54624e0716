import type { ReaderAudience } from '../../../access/guideline-readers.js';
import { guidelineMediaUrl } from '../../media/public.js';
import type { ReaderAssetRow } from './queries.js';

/**
 * Responsive images for reader pages: a `srcset` of signed transforms scoped to the block that shows the asset
 * (media/urls.ts), never wider than the source, with the source's width and height so the layout does not move.
 */

/** Widths offered in a srcset; phones at 2-3x and desktops both find one close to what they need. */
const WIDTHS = [320, 480, 640, 800, 1024, 1280, 1600, 2048];

export type MediaScope = { blockId: number; audience: ReaderAudience } | { portalId: number; audience: ReaderAudience };

export interface ResponsiveImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}

/** Whether the asset has a preview to show as an image. */
export function hasImage(asset: ReaderAssetRow): boolean {
  return asset.revisionId !== null && asset.hasPreview && asset.revisionStatus === 'FINISHED' && asset.objectType !== 'URL';
}

/** The source's own size (from its metadata), or a 4:3 guess for previews of files without one. */
export function sourceSize(asset: ReaderAssetRow): { width: number; height: number } {
  const width = num(asset.metadata?.width);
  const height = num(asset.metadata?.height);
  return width && height ? { width, height } : { width: 1600, height: 1200 };
}

/**
 * A responsive image of `asset`: `ratio` (width / height) crops it to that shape around its focus (FILL), else it
 * keeps its own shape (FIT). `maxWidth` is the widest it is ever shown, in CSS pixels.
 */
export function responsiveImage(
  secret: string,
  asset: ReaderAssetRow,
  scope: MediaScope,
  opts: { maxWidth: number; ratio?: number },
): ResponsiveImage | null {
  if (!hasImage(asset) || asset.revisionId === null) return null;
  const revisionId = asset.revisionId;
  const own = sourceSize(asset);
  const ratio = opts.ratio ?? own.width / own.height;
  // Never more pixels than the source has, nor more than three times the widest slot.
  const cap = Math.min(own.width, opts.maxWidth * 3);
  const widths = WIDTHS.filter((w) => w < cap);
  if (widths.length === 0 || widths.at(-1)! < cap) widths.push(Math.round(cap));
  const url = (w: number) =>
    guidelineMediaUrl(
      secret,
      asset.token,
      revisionId,
      opts.ratio ? { width: w, height: Math.round(w / ratio), fit: 'FILL' } : { width: w },
      scope,
    );
  const base = widths.find((w) => w >= Math.min(opts.maxWidth, cap)) ?? widths.at(-1)!;
  return {
    src: url(base),
    srcSet: widths.map((w) => `${url(w)} ${w}w`).join(', '),
    width: Math.round(Math.min(own.width, opts.maxWidth)),
    height: Math.round(Math.min(own.width, opts.maxWidth) / ratio),
  };
}

/** One small preview, whole (thumbnails of download grids and libraries: logos must not be cropped). */
export function thumbnail(secret: string, asset: ReaderAssetRow, scope: MediaScope, size: number): ResponsiveImage | null {
  return responsiveImage(secret, asset, scope, { maxWidth: size });
}

/** A readable file size: 1.2 MB. */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}
