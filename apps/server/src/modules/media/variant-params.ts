import { createHash } from 'node:crypto';
import type { MediaFormat, MediaQuery, MediaTransformation } from '@emblem/core';
import { ValidationError } from '../../http/errors.js';
import { DEFAULT_PREVIEW_WIDTH } from './urls.js';

/**
 * What an image variant is, before any pixel is read: the normalised request (size, crop, focus point, colour,
 * format), the hash that names its cached file, and the geometry planned from the source's size.
 */

/** Crop coordinates are given against an image this wide unless `reference_width` says otherwise. */
export const CROP_REFERENCE_WIDTH = 800;
/** Bump when rendering changes, so cached variants are made again. */
const RENDER_VERSION = 1;

export interface VariantParams {
  width?: number;
  height?: number;
  crop?: [number, number, number, number];
  referenceWidth?: number;
  focus: [number, number];
  fit?: 'FILL' | 'FIT';
  format: MediaFormat;
  quality?: number;
  page?: number;
  transformations: MediaTransformation[];
  color?: string;
  /** With width, height and FIT: the image is centred on a canvas of the box's shape (see padCanvas). */
  pad?: boolean;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Geometry {
  /** What to take from the image, in base coordinates. */
  region: Rect;
  width: number;
  height: number;
}

const CONTENT_TYPES: Record<MediaFormat, string> = { webp: 'image/webp', avif: 'image/avif', jpeg: 'image/jpeg', png: 'image/png' };

export function contentTypeOf(format: MediaFormat): string {
  return CONTENT_TYPES[format];
}

/** Whether the client accepts a MIME type (explicitly, not through a wildcard). */
function accepts(accept: string | undefined, mime: string): boolean {
  if (!accept) return false;
  return accept
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [type, ...params] = part.trim().split(';');
      if (type?.trim() !== mime) return false;
      const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return !qp || Number(qp.slice(2)) > 0;
    });
}

/**
 * The output format: explicit, `auto` (AVIF > WebP > JPEG, or PNG for transparency) or, when none is given,
 * WebP where accepted (AVIF is slow to encode for grids of thumbnails). `negotiated` means the answer varies
 * with Accept.
 */
export function resolveFormat(requested: MediaQuery['format'], accept: string | undefined, hasAlpha: boolean) {
  if (requested && requested !== 'auto') return { format: requested, negotiated: false };
  if (requested === 'auto' && accepts(accept, 'image/avif')) return { format: 'avif' as const, negotiated: true };
  if (accepts(accept, 'image/webp')) return { format: 'webp' as const, negotiated: true };
  return { format: hasAlpha ? ('png' as const) : ('jpeg' as const), negotiated: true };
}

export function normaliseParams(query: MediaQuery, format: MediaFormat): VariantParams {
  const transformations = [...new Set(query.transformation ?? [])].sort();
  const width = query.width ?? (query.height ? undefined : DEFAULT_PREVIEW_WIDTH);
  return {
    width,
    height: query.height,
    crop: query.crop as VariantParams['crop'],
    referenceWidth: query.crop ? (query.reference_width ?? CROP_REFERENCE_WIDTH) : undefined,
    focus: (query.focus as [number, number] | undefined) ?? [0.5, 0.5],
    fit: query.fit,
    format,
    quality: query.quality,
    page: query.page && query.page > 1 ? query.page : undefined,
    transformations,
    color: query.color,
  };
}

/** The cache key of a variant: a hash of the revision and the normalised parameters. */
export function variantHash(revisionId: number, params: VariantParams): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: RENDER_VERSION, r: revisionId, ...params }))
    .digest('hex');
}

/** Where a revision's cached variants live (all of them go when the revision is deleted). */
export function variantPrefix(revisionId: number): string {
  return `derived/transforms/${revisionId}`;
}

export function variantKey(revisionId: number, hash: string, format: MediaFormat): string {
  return `${variantPrefix(revisionId)}/${hash}.${format}`;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Where to cut and how big to make a variant of an image `base` wide and high. Never upscales: a requested
 * width up to the (cropped) width is met exactly, larger ones give the (cropped) width. FILL covers the box
 * around the focus point; FIT (the default) keeps the aspect ratio inside it.
 */
export function planGeometry(base: { width: number; height: number }, p: VariantParams, maxSize: number): Geometry {
  let region: Rect = { left: 0, top: 0, width: base.width, height: base.height };
  if (p.crop) {
    const f = base.width / (p.referenceWidth ?? CROP_REFERENCE_WIDTH);
    const [x, y, w, h] = p.crop;
    const left = clamp(x * f, 0, base.width);
    const top = clamp(y * f, 0, base.height);
    const right = clamp((x + w) * f, 0, base.width);
    const bottom = clamp((y + h) * f, 0, base.height);
    if (right - left < 1 || bottom - top < 1) throw new ValidationError({ crop: ['Is outside the image'] });
    region = { left, top, width: right - left, height: bottom - top };
  }
  const W = p.width ? Math.min(p.width, maxSize) : undefined;
  const H = p.height ? Math.min(p.height, maxSize) : undefined;
  const fill =
    Boolean(W && H) &&
    p.fit !== 'FIT' &&
    (p.fit === 'FILL' || p.transformations.includes('cover-max') || p.transformations.includes('focus'));
  if (fill && W && H) {
    const k = Math.min(1, region.width / W, region.height / H);
    const width = Math.max(1, Math.round(W * k));
    const height = Math.max(1, Math.round(H * k));
    const aspect = W / H;
    let ew = region.width;
    let eh = region.height;
    if (region.width / region.height > aspect) ew = region.height * aspect;
    else eh = region.width / aspect;
    const [fx, fy] = p.focus;
    return {
      region: {
        left: region.left + clamp(fx * region.width - ew / 2, 0, region.width - ew),
        top: region.top + clamp(fy * region.height - eh / 2, 0, region.height - eh),
        width: ew,
        height: eh,
      },
      width,
      height,
    };
  }
  let scale: number;
  if (W && H) scale = Math.min(W / region.width, H / region.height);
  else if (W) scale = W / region.width;
  else if (H) scale = H / region.height;
  else scale = 1;
  scale = Math.min(1, scale);
  let width = Math.max(1, Math.round(region.width * scale));
  let height = Math.max(1, Math.round(region.height * scale));
  if (W && !H && W <= region.width) width = W;
  if (H && !W && H <= region.height) height = H;
  return { region, width, height };
}

/**
 * The canvas a padded variant is centred on: the requested box when the fitted image touches two of its sides,
 * else (a smaller image, which is never upscaled) the box shrunk to the image, keeping the box's shape.
 */
export function padCanvas(geometry: Geometry, p: VariantParams, maxSize: number): { width: number; height: number } | null {
  if (!p.pad || !p.width || !p.height) return null;
  const W = Math.min(p.width, maxSize);
  const H = Math.min(p.height, maxSize);
  const k = Math.min(1, Math.max(geometry.width / W, geometry.height / H));
  return {
    width: Math.max(geometry.width, Math.round(W * k)),
    height: Math.max(geometry.height, Math.round(H * k)),
  };
}

/** A rectangle in base coordinates as whole pixels of a source `scale` times as large, inside the source. */
export function toPixels(r: Rect, scale: number, src: { width: number; height: number }): Rect {
  const left = clamp(Math.floor(r.left * scale), 0, src.width - 1);
  const top = clamp(Math.floor(r.top * scale), 0, src.height - 1);
  const width = clamp(Math.round(r.width * scale), 1, src.width - left);
  const height = clamp(Math.round(r.height * scale), 1, src.height - top);
  return { left, top, width, height };
}
