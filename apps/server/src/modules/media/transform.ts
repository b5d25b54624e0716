import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { NotFoundError } from '../../http/errors.js';
import { HEIF_EXTENSIONS, HeifPixelLimitError, HeifUnreadableError, openHeif } from './heic.js';
import type { MediaDeps } from './processing.js';
import { SHARP_FORMATS } from './processing.js';
import type { FileRow, RevisionRow } from './queries.js';
import type { RenderLimiter } from './render-limiter.js';
import { renderPdfPage, UnreadableMediaError } from './tools.js';
import {
  contentTypeOf,
  type Geometry,
  padCanvas,
  planGeometry,
  toPixels,
  type VariantParams,
  variantHash,
  variantKey,
} from './variant-params.js';

/**
 * Image variants: resize, crop, focus-point cover, colorize, PDF pages, format conversion. Rendered from the
 * preview master when it has enough pixels (fast), else from the original (HEIC through the WebAssembly decoder,
 * heic.ts); cached on disk by a hash of the normalised parameters, so a second request streams a file without
 * decoding anything.
 */

export interface VariantSource {
  revision: RevisionRow;
  file: FileRow;
}

function meta(revision: RevisionRow) {
  const m = revision.metadata as Record<string, unknown>;
  const n = (k: string) => (typeof m[k] === 'number' ? (m[k] as number) : undefined);
  return {
    width: n('width'),
    height: n('height'),
    previewWidth: n('preview_width'),
    previewHeight: n('preview_height'),
    pageCount: n('page_count'),
    renderScale: n('render_scale'),
    hasAlpha: m.has_alpha === true,
    vector: m.vector === true,
  };
}

/** Whether a variant can be made for this revision at all. */
export function canRender(src: VariantSource, page?: number): boolean {
  if (page && page > 1) return src.file.extension === 'pdf' || src.file.extension === 'ai';
  if (src.revision.previewKey) return true;
  return SHARP_FORMATS.has(src.file.extension) && src.revision.status !== 'PROCESSING_FAILED';
}

export function hasAlpha(src: VariantSource): boolean {
  return meta(src.revision).hasAlpha;
}

interface Opened {
  image: Sharp;
  width: number;
  height: number;
  /** Source pixels per base unit. */
  scale: number;
  base: { width: number; height: number };
  /** Already auto-oriented (preview masters and page renders are). */
  oriented: boolean;
}

async function openPage(deps: MediaDeps, src: VariantSource, page: number): Promise<Opened> {
  const m = meta(src.revision);
  if (m.pageCount && page > m.pageCount) throw new NotFoundError(`The document has ${m.pageCount} pages`);
  const local = await deps.storage.localPath(src.file.storageKey);
  try {
    const rendered = await renderPdfPage(local.path, page, {
      scale: m.renderScale,
      maxWidth: 2400,
      maxPixels: Math.min(deps.config.imageMaxPixels, 40_000_000),
    });
    const { width, height, pixels } = rendered.page;
    const image = sharp(pixels, { raw: { width, height, channels: 3 } });
    return { image, width, height, scale: 1, base: { width, height }, oriented: true };
  } catch (err) {
    if (err instanceof RangeError) throw new NotFoundError(err.message);
    if (err instanceof UnreadableMediaError) throw new NotFoundError('No preview for this file');
    throw err;
  } finally {
    await local.release();
  }
}

/** Opens the best source for the geometry: the preview master when it has the pixels, else the original. */
async function openSource(
  deps: MediaDeps,
  src: VariantSource,
  p: VariantParams,
): Promise<{ opened: Opened; geometry: Geometry; release(): Promise<void> }> {
  const maxSize = deps.config.transformMaxWidth;
  const none = async () => {};
  if (p.page && p.page > 1) {
    const opened = await openPage(deps, src, p.page);
    return { opened, geometry: planGeometry(opened.base, p, maxSize), release: none };
  }
  const m = meta(src.revision);
  const masterKey = src.revision.previewKey;
  // HEIF originals count once processing has read their size (phones' HEVC ones are decoded in WebAssembly).
  const heif = HEIF_EXTENSIONS.has(src.file.extension) && Boolean(m.width && m.height);
  const originalDecodable = (SHARP_FORMATS.has(src.file.extension) && !m.vector) || heif;
  const master = masterKey && m.previewWidth && m.previewHeight ? { width: m.previewWidth, height: m.previewHeight } : null;
  // Base coordinates: the original's (oriented) size for raster images, the master's for everything else.
  const base = originalDecodable && m.width && m.height ? { width: m.width, height: m.height } : master;
  if (master && masterKey && base) {
    const geometry = planGeometry(base, p, maxSize);
    const scale = master.width / base.width;
    const enough = geometry.width <= Math.round(geometry.region.width * scale) + 1;
    if (enough || !originalDecodable) {
      // Masters are small: read whole, so remote storage adapters can drop their temporary copy at once.
      const local = await deps.storage.localPath(masterKey);
      let bytes: Buffer;
      try {
        bytes = await readFile(local.path);
      } finally {
        await local.release();
      }
      const image = sharp(bytes, { limitInputPixels: deps.config.imageMaxPixels });
      return { opened: { image, width: master.width, height: master.height, scale, base, oriented: true }, geometry, release: none };
    }
  }
  if (!originalDecodable) throw new NotFoundError('No preview for this file');
  const local = await deps.storage.localPath(src.file.storageKey);
  try {
    if (heif) {
      const decoded = await openHeif(local.path, deps.config.imageMaxPixels).catch((err: unknown) => {
        if (err instanceof HeifPixelLimitError || err instanceof HeifUnreadableError) throw new NotFoundError('No preview for this file');
        throw err;
      });
      const b = base ?? { width: decoded.width, height: decoded.height };
      return {
        opened: {
          image: decoded.image,
          width: decoded.width,
          height: decoded.height,
          scale: decoded.width / b.width,
          base: b,
          oriented: true,
        },
        geometry: planGeometry(b, p, maxSize),
        release: () => local.release(),
      };
    }
    const probe = await sharp(local.path).metadata();
    const swap = (probe.orientation ?? 1) >= 5;
    const width = (swap ? probe.height : probe.width) ?? 1;
    const height = (swap ? probe.width : probe.height) ?? 1;
    if (width * height > deps.config.imageMaxPixels) throw new NotFoundError('No preview for this file');
    const b = base ?? { width, height };
    const image = sharp(local.path, { limitInputPixels: deps.config.imageMaxPixels });
    return {
      opened: { image, width, height, scale: width / b.width, base: b, oriented: false },
      geometry: planGeometry(b, p, maxSize),
      release: () => local.release(),
    };
  } catch (err) {
    await local.release();
    throw err;
  }
}

function hexColor(color: string) {
  const r = Number.parseInt(color.slice(0, 2), 16);
  const g = Number.parseInt(color.slice(2, 4), 16);
  const b = Number.parseInt(color.slice(4, 6), 16);
  const a = color.length === 8 ? Number.parseInt(color.slice(6, 8), 16) / 255 : 1;
  return { r, g, b, a };
}

/** Paints every visible pixel in `color`, keeping the shape's transparency (icons); tints opaque images. */
async function colorize(image: Sharp, color: string, transparent: boolean): Promise<Sharp> {
  const c = hexColor(color);
  if (!transparent) return sharp(await image.tint({ r: c.r, g: c.g, b: c.b }).toBuffer());
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 4) {
    data[i] = c.r;
    data[i + 1] = c.g;
    data[i + 2] = c.b;
    data[i + 3] = Math.round((data[i + 3] ?? 0) * c.a);
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
}

export function encode(image: Sharp, p: Pick<VariantParams, 'format' | 'quality'>): Sharp {
  switch (p.format) {
    case 'webp':
      return image.webp({ quality: p.quality ?? 80, effort: 3 });
    case 'avif':
      return image.avif({ quality: p.quality ?? 50, effort: 2 });
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: p.quality ?? 82, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 6, adaptiveFiltering: false });
  }
}

/** Renders a variant to bytes (no metadata is copied: EXIF and GPS never reach a variant). */
export async function renderVariant(deps: MediaDeps, src: VariantSource, p: VariantParams): Promise<Buffer> {
  const { opened, geometry, release } = await openSource(deps, src, p);
  try {
    return await render(opened, geometry, src, p, deps.config.transformMaxWidth);
  } finally {
    await release();
  }
}

async function render(opened: Opened, geometry: Geometry, src: VariantSource, p: VariantParams, maxSize: number): Promise<Buffer> {
  let image = opened.oriented ? opened.image : opened.image.rotate();
  const px = toPixels(geometry.region, opened.scale, opened);
  if (px.left !== 0 || px.top !== 0 || px.width !== opened.width || px.height !== opened.height) image = image.extract(px);
  if (geometry.width !== px.width || geometry.height !== px.height) {
    image = image.resize(geometry.width, geometry.height, { fit: 'fill', kernel: 'lanczos3' });
  }
  if (p.color && (p.transformations.includes('colorize') || p.transformations.length === 0)) {
    image = await colorize(image, p.color, meta(src.revision).hasAlpha);
  }
  const canvas = padCanvas(geometry, p, maxSize);
  if (canvas && (canvas.width > geometry.width || canvas.height > geometry.height)) {
    // Transparent padding, white in JPEG, which has no transparency (sharp flattens before it extends).
    const left = Math.floor((canvas.width - geometry.width) / 2);
    const top = Math.floor((canvas.height - geometry.height) / 2);
    image = image.extend({
      left,
      top,
      right: canvas.width - geometry.width - left,
      bottom: canvas.height - geometry.height - top,
      background: p.format === 'jpeg' ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 },
    });
  }
  try {
    return await encode(image, p).toBuffer();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw new NotFoundError('No preview for this file');
    throw err;
  }
}

export interface Variant {
  key: string;
  hash: string;
  contentType: string;
  size: number;
  body: Readable | Buffer;
}

/** A variant from the cache (streamed as it is) or rendered now, under the limiter, and cached. */
export async function getVariant(deps: MediaDeps, limiter: RenderLimiter, src: VariantSource, p: VariantParams): Promise<Variant> {
  const hash = variantHash(src.revision.id, p);
  const key = variantKey(src.revision.id, hash, p.format);
  const contentType = contentTypeOf(p.format);
  const cached = await deps.storage.stat(key);
  if (cached) return { key, hash, contentType, size: cached.size, body: deps.storage.read(key) };
  const buffer = await limiter.run(key, async () => {
    const out = await renderVariant(deps, src, p);
    await deps.storage.put(key, Readable.from([out]));
    return out;
  });
  return { key, hash, contentType, size: buffer.length, body: buffer };
}
