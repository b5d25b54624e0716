import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  levelSize,
  type MediaFormat,
  maxZoomLevel,
  servedWhole,
  tileGrid,
  tileRect,
  ZOOM_MAX_VECTOR_PIXELS,
  type ZoomQuery,
  type ZoomSize,
} from '@emblem/core';
import sharp from 'sharp';
import { requireAsset } from '../../access/index.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import type { DownloadDeps } from './downloads.js';
import { HEIF_EXTENSIONS } from './heic.js';
import { SHARP_FORMATS } from './processing.js';
import * as q from './queries.js';
import type { RenderLimiter } from './render-limiter.js';
import { encode, getVariant, type Variant, type VariantSource } from './transform.js';
import { contentTypeOf, resolveFormat, type VariantParams, variantHash, variantPrefix } from './variant-params.js';

/**
 * The viewer's zoom: one level of an image's pyramid (packages/core media/zoom.ts), whole or one tile, so that
 * zooming past the preview shows the original's pixels (and a vector's shapes at the size shown) without
 * sending one enormous image. Raster levels are variants like any other (cropped and scaled from the preview
 * master when it has the pixels, else from the original); SVG levels are rasterised from the SVG at the level's
 * size, only the tile's region. Both are cached on disk with the revision's other variants.
 */

/** Bump when vector rendering changes, so cached levels are made again. */
const VECTOR_RENDER_VERSION = 1;

export interface ZoomSource extends VariantSource {
  size: ZoomSize;
  vector: boolean;
}

/** What a revision's pyramid is made from, or null when it has none (not an image, or one only its preview shows). */
export function zoomSourceOf(src: VariantSource): ZoomSource | null {
  const m = src.revision.metadata as Record<string, unknown>;
  const width = typeof m.width === 'number' ? m.width : 0;
  const height = typeof m.height === 'number' ? m.height : 0;
  if (src.revision.kind !== 'Image' || src.revision.status !== 'FINISHED' || width < 1 || height < 1) return null;
  const ext = src.file.extension;
  const vector = m.vector === true;
  if (vector) return ext === 'svg' ? { ...src, size: { width, height }, vector } : null;
  if (!SHARP_FORMATS.has(ext) && !HEIF_EXTENSIONS.has(ext)) return null;
  return { ...src, size: { width, height }, vector };
}

/** Checks a level (and tile) against the image: what to render, in the level's pixels. */
export function planZoom(source: Pick<ZoomSource, 'size' | 'vector'>, query: Pick<ZoomQuery, 'level' | 'x' | 'y'>) {
  const { size, vector } = source;
  const { level } = query;
  const top = maxZoomLevel(size, vector);
  if (level > top) {
    throw new ValidationError({ level: [vector ? `Must be at most ${top} for this image` : "Is beyond the original's pixels"] });
  }
  const whole = servedWhole(size, level);
  if (query.x === undefined || query.y === undefined) {
    if (!whole) throw new ValidationError({ x: ['This level is served in tiles: give x and y'] });
    const s = levelSize(size, level);
    return { level, tile: null, rect: { left: 0, top: 0, width: s.width, height: s.height } };
  }
  if (whole) throw new ValidationError({ x: ['This level is served whole: leave out x and y'] });
  const grid = tileGrid(size, level);
  if (query.x >= grid.columns) throw new ValidationError({ x: [`Must be less than ${grid.columns} at this level`] });
  if (query.y >= grid.rows) throw new ValidationError({ y: [`Must be less than ${grid.rows} at this level`] });
  return { level, tile: { x: query.x, y: query.y }, rect: tileRect(size, level, query.x, query.y) };
}
export type ZoomPlan = ReturnType<typeof planZoom>;

/** A raster level or tile as variant parameters: the region in the original's pixels, scaled to the level. */
export function rasterZoomParams(size: ZoomSize, plan: ZoomPlan, format: MediaFormat): VariantParams {
  const params: VariantParams = { width: plan.rect.width, focus: [0.5, 0.5], format, transformations: [] };
  if (!plan.tile) return params;
  const k = 2 ** plan.level;
  const left = plan.rect.left / k;
  const top = plan.rect.top / k;
  const width = Math.min(plan.rect.width / k, size.width - left);
  const height = Math.min(plan.rect.height / k, size.height - top);
  return { ...params, crop: [left, top, width, height], referenceWidth: size.width };
}

async function renderVectorLevel(deps: DownloadDeps, source: ZoomSource, plan: ZoomPlan, format: MediaFormat): Promise<Buffer> {
  const local = await deps.storage.localPath(source.file.storageKey);
  try {
    // The SVG's intrinsic size was read at 72 dpi; at 72 × 2^level it renders at the level's size. libvips
    // rasterises only the regions asked for, so a tile of a large level costs a tile.
    const open = () => sharp(local.path, { density: 72 * 2 ** plan.level, limitInputPixels: Math.ceil(ZOOM_MAX_VECTOR_PIXELS * 1.1) });
    const meta = await open().metadata();
    const rendered = { width: meta.width ?? 1, height: meta.height ?? 1 };
    const target = levelSize(source.size, plan.level);
    let image = open();
    if (plan.tile) {
      const left = Math.min(plan.rect.left, rendered.width - 1);
      const top = Math.min(plan.rect.top, rendered.height - 1);
      image = image.extract({
        left,
        top,
        width: Math.max(1, Math.min(plan.rect.width, rendered.width - left)),
        height: Math.max(1, Math.min(plan.rect.height, rendered.height - top)),
      });
    } else if (rendered.width !== target.width || rendered.height !== target.height) {
      image = image.resize(target.width, target.height, { fit: 'fill' });
    }
    return await encode(image, { format }).toBuffer();
  } catch (err) {
    if (/pixel limit|svgload/i.test((err as Error).message)) throw new NotFoundError('No preview for this file');
    throw err;
  } finally {
    await local.release();
  }
}

function vectorHash(source: ZoomSource, plan: ZoomPlan, format: MediaFormat): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: VECTOR_RENDER_VERSION, zoom: 'vector', r: source.revision.id, level: plan.level, tile: plan.tile, format }))
    .digest('hex');
}

async function vectorVariant(
  deps: DownloadDeps,
  limiter: RenderLimiter,
  source: ZoomSource,
  plan: ZoomPlan,
  format: MediaFormat,
): Promise<Variant> {
  const hash = vectorHash(source, plan, format);
  const key = `${variantPrefix(source.revision.id)}/zoom-${hash}.${format}`;
  const contentType = contentTypeOf(format);
  const cached = await deps.storage.stat(key);
  if (cached) return { key, hash, contentType, size: cached.size, body: deps.storage.read(key) };
  const buffer = await limiter.run(key, async () => {
    const out = await renderVectorLevel(deps, source, plan, format);
    await deps.storage.put(key, Readable.from([out]));
    return out;
  });
  return { key, hash, contentType, size: buffer.length, body: buffer };
}

/**
 * `GET /api/asset/{id}/zoom`: VIEW on the asset; the revision must be one of its own. Answers the ETag at once and
 * renders (or reads the cached level) only when `render` is called, so a revalidation costs no pixels.
 */
export async function prepareZoom(
  deps: DownloadDeps,
  actor: Actor,
  assetId: number,
  query: ZoomQuery,
  accept: string | undefined,
): Promise<{ etag: string; negotiated: boolean; render(): Promise<Variant> }> {
  const { asset } = await requireAsset(deps.db, actor, assetId, 'asset.view');
  const row = asset.objectType === 'URL' ? null : await q.findAssetRevisionById(deps.db, asset.id, query.revision);
  if (!row) throw new NotFoundError('No such revision');
  const source = zoomSourceOf(row);
  if (!source) throw new NotFoundError('This file has no larger image than its preview');
  const plan = planZoom(source, query);
  const m = row.revision.metadata as Record<string, unknown>;
  const { format, negotiated } = resolveFormat(undefined, accept, m.has_alpha === true);
  if (source.vector) {
    return {
      etag: `"${vectorHash(source, plan, format).slice(0, 40)}"`,
      negotiated,
      render: () => vectorVariant(deps, deps.limiter, source, plan, format),
    };
  }
  const params = rasterZoomParams(source.size, plan, format);
  return {
    etag: `"${variantHash(source.revision.id, params).slice(0, 40)}"`,
    negotiated,
    render: () => getVariant(deps, deps.limiter, source, params),
  };
}
