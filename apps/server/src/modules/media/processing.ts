import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { projectChannel } from '@emblem/core';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { defineJob } from '../../jobs/define.js';
import { type JobContext, PermanentJobError } from '../../jobs/queue.js';
import type { Storage } from '../../storage/storage.js';
import { publish } from '../realtime/public.js';
import { replaceAutoTags } from '../tags/public.js';
import { AUTO_TAG_ENGINES, type AutoTagInput, autoTags, iptcKeywords, listKeywords, xmpKeywords } from './auto-tags.js';
import { colorSpaceName, exifSubset } from './exif.js';
import { HEIF_EXTENSIONS, HeifPixelLimitError, HeifUnreadableError, openHeif } from './heic.js';
import { dominantColor, perceptualHash, type Raw } from './pixels.js';
import * as q from './queries.js';
import { pdfText, probe, renderPdfPage, UnreadableMediaError, videoFrame } from './tools.js';

/**
 * Turns an uploaded revision into what the library shows: metadata (dimensions, duration, pages, colour
 * space, an allow-listed EXIF subset, never GPS), a preview master (WebP, at most 2400 px wide, auto-oriented,
 * no metadata), the dominant colour and a 64-bit perceptual hash.
 */

export const PREVIEW_MAX_WIDTH = 2400;
const PREVIEW_MAX_HEIGHT = 7200;
const SVG_RENDER_SIDE = 2048;

export interface MediaDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'imageMaxPixels' | 'transformMaxWidth' | 'transformConcurrency' | 'sessionSecret'>;
}

/** Formats sharp decodes here; a failure to decode them means a corrupt file. */
export const SHARP_FORMATS = new Set(['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'apng', 'gif', 'webp', 'avif', 'tif', 'tiff', 'svg']);
/** Images sharp may or may not decode (DNG…): no preview when it cannot. HEIC/HEIF always get one (heic.ts). */
const MAYBE_SHARP = new Set(['dng']);
const VIDEO = new Set(['avi', 'flv', 'm4v', 'mkv', 'mov', 'mp4', 'mpg', 'mts', 'webm', 'wmv']);
const AUDIO = new Set(['aac', 'ac3', 'aif', 'aifc', 'aiff', 'flac', 'm4a', 'm4r', 'mp3', 'ogg', 'wav']);

export function previewKeyOf(revisionId: number): string {
  return `derived/previews/${revisionId}.webp`;
}

export interface Analysis {
  metadata: Record<string, unknown>;
  preview: Buffer | null;
  background: string | null;
  phash: string | null;
  /** Keywords the file carries (IPTC, XMP, PDF), for its AUTO tags. */
  keywords?: AutoTagInput['keywords'];
  /** The text of a document's first pages, for search (null when none). */
  text?: string | null;
}

// libvips keeps up to 20 recently opened files open by default: the temporary pixel files below would stay on
// disk, deleted but held open, until pushed out. Files are closed after use instead (originals reopen cheaply).
sharp.cache({ files: 0 });

/**
 * The source is decoded and resized once, to sRGB pixels in a temporary file in libvips' own format; the preview
 * master (WebP) and the small image for the colour and hash are both read from it (memory-mapped). The pixels
 * never become a JavaScript Buffer: a 2400 px master is 13 MB or more, and that much external memory per image
 * made V8 run a full garbage collection every few images (docs/decisions/0015).
 */
async function derive(
  image: Sharp,
  tempDir: string,
): Promise<Pick<Analysis, 'preview' | 'background' | 'phash'> & { width: number; height: number; opaque: boolean }> {
  const pixels = join(tempDir, `emblem-derive-${randomUUID()}.v`);
  try {
    await image.toColourspace('srgb').toFile(pixels);
    const [{ data: preview, info }, small] = await Promise.all([
      sharp(pixels).webp({ quality: 82, alphaQuality: 90, effort: 2 }).toBuffer({ resolveWithObject: true }),
      sharp(pixels).resize(256, 256, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true }) as Promise<Raw>,
    ]);
    const dominant = dominantColor(small);
    return {
      preview,
      background: dominant.color,
      opaque: dominant.opaque,
      phash: perceptualHash(small),
      width: info.width,
      height: info.height,
    };
  } finally {
    await rm(pixels, { force: true });
  }
}

export function tooManyPixels(maxPixels: number): PermanentJobError {
  return new PermanentJobError(`Image has more than ${Math.round(maxPixels / 1_000_000)} megapixels`);
}

/* ---------- families ---------- */

/** The HEIF decoder's refusals as job errors. */
function heifFailure(err: unknown, maxPixels: number): unknown {
  if (err instanceof HeifPixelLimitError) return tooManyPixels(maxPixels);
  if (err instanceof HeifUnreadableError) return new PermanentJobError('The image could not be read');
  return err;
}

async function analyseImage(path: string, extension: string, { maxPixels, tempDir }: AnalyseOptions): Promise<Analysis | null> {
  const heif = HEIF_EXTENSIONS.has(extension);
  let meta: Metadata;
  let known = true;
  try {
    meta = await sharp(path).metadata();
  } catch {
    // This libvips may not parse every HEIF; the WebAssembly decoder gets its own try below.
    if (MAYBE_SHARP.has(extension)) return null;
    if (!heif) throw new PermanentJobError('The image could not be read');
    meta = { format: 'heif' } as Metadata;
    known = false;
  }
  const isSvg = meta.format === 'svg';
  const width0 = meta.width ?? 0;
  const height0 = meta.height ?? 0;
  if (!isSvg && width0 * height0 > maxPixels) throw tooManyPixels(maxPixels);
  const swap = (meta.orientation ?? 1) >= 5;
  let width = swap ? height0 : width0;
  let height = swap ? width0 : height0;
  let sourceHasAlpha = Boolean(meta.hasAlpha);
  const exif = exifSubset(meta.exif);
  let input: Sharp;
  if (isSvg) {
    // Vectors are rasterised large enough for any preview; their size on screen is the SVG's own.
    const density = Math.min(50_000, Math.max(1, ((meta.density ?? 72) * SVG_RENDER_SIDE) / Math.max(1, width0, height0)));
    input = sharp(path, { density, limitInputPixels: maxPixels });
  } else if (heif) {
    // HEVC-coded HEIC (phones) is decoded to raw pixels in WebAssembly; libvips takes the rest.
    const opened = await openHeif(path, maxPixels, known ? meta : null).catch((err: unknown) => {
      throw heifFailure(err, maxPixels);
    });
    input = opened.image;
    width = opened.width;
    height = opened.height;
    sourceHasAlpha = opened.hasAlpha;
  } else {
    input = sharp(path, { limitInputPixels: maxPixels, failOn: 'error' });
  }
  const metadata: Record<string, unknown> = {
    width,
    height,
    color_space: colorSpaceName(meta.space) ?? (heif ? 'RGB' : null),
    has_alpha: sourceHasAlpha,
    ...(meta.pages && meta.pages > 1 ? { frame_count: meta.pages } : {}),
    ...(typeof exif.DateTimeOriginal === 'string' ? { file_created_at: exif.DateTimeOriginal } : {}),
    ...(Object.keys(exif).length ? { exif } : {}),
  };
  let derived: Awaited<ReturnType<typeof derive>>;
  try {
    derived = await derive(
      input.rotate().resize({ width: PREVIEW_MAX_WIDTH, height: PREVIEW_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true }),
      tempDir,
    );
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw tooManyPixels(maxPixels);
    if (MAYBE_SHARP.has(extension)) return null;
    throw new PermanentJobError('The image could not be read');
  }
  metadata.preview_width = derived.width;
  metadata.preview_height = derived.height;
  // Transparency that is actually used (an RGBA PNG that is all opaque converts to JPEG like any photo).
  metadata.has_alpha = sourceHasAlpha && !derived.opaque;
  if (isSvg) metadata.vector = true;
  const keywords: AutoTagInput['keywords'] = [
    { engine: 'iptc', values: iptcKeywords(meta.iptc) },
    { engine: 'xmp', values: xmpKeywords(meta.xmp) },
  ];
  return { metadata, preview: derived.preview, background: derived.background, phash: derived.phash, keywords };
}

async function analysePdf(path: string, { maxPixels, tempDir }: AnalyseOptions): Promise<Analysis> {
  const { info, page, scale } = await renderPdfPage(path, 1, { maxWidth: PREVIEW_MAX_WIDTH, maxPixels: Math.min(maxPixels, 40_000_000) });
  const derived = await derive(sharp(page.pixels, { raw: { width: page.width, height: page.height, channels: 3 } }), tempDir);
  return {
    metadata: {
      width: info.width,
      height: info.height,
      page_count: info.pageCount,
      color_space: 'RGB',
      has_alpha: false,
      render_scale: scale,
      preview_width: derived.width,
      preview_height: derived.height,
    },
    preview: derived.preview,
    background: derived.background,
    phash: derived.phash,
    keywords: [{ engine: 'pdf', values: listKeywords(info.keywords) }],
    text: await pdfText(path),
  };
}

async function analyseVideo(path: string, { maxPixels, tempDir }: AnalyseOptions): Promise<Analysis> {
  const info = await probe(path);
  if (!info.video) throw new PermanentJobError('The file contains no readable video');
  const metadata: Record<string, unknown> = {
    width: info.video.width,
    height: info.video.height,
    duration: info.duration,
    has_alpha: false,
    ...(info.createdAt ? { file_created_at: info.createdAt } : {}),
  };
  const at = info.duration && info.duration >= 2 ? 1 : 0;
  const png = await videoFrame(path, at, PREVIEW_MAX_WIDTH);
  const derived = await derive(
    sharp(png, { limitInputPixels: maxPixels })
      .resize({ width: PREVIEW_MAX_WIDTH, height: PREVIEW_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .removeAlpha(),
    tempDir,
  );
  metadata.preview_width = derived.width;
  metadata.preview_height = derived.height;
  return { metadata, preview: derived.preview, background: derived.background, phash: derived.phash };
}

async function analyseAudio(path: string): Promise<Analysis> {
  const info = await probe(path);
  if (info.duration === null && !info.audio) throw new PermanentJobError('The file contains no readable audio');
  return {
    metadata: { duration: info.duration, ...(info.createdAt ? { file_created_at: info.createdAt } : {}) },
    preview: null,
    background: null,
    phash: null,
  };
}

/** The pixel limit for images, and where the intermediate pixel files go (the storage's temporary directory). */
export interface AnalyseOptions {
  maxPixels: number;
  tempDir: string;
}

/** Analyses a file by its (already verified) extension. */
export async function analyse(path: string, extension: string, options: AnalyseOptions): Promise<Analysis> {
  const none: Analysis = { metadata: {}, preview: null, background: null, phash: null };
  try {
    if (SHARP_FORMATS.has(extension) || MAYBE_SHARP.has(extension) || HEIF_EXTENSIONS.has(extension))
      return (await analyseImage(path, extension, options)) ?? none;
    if (extension === 'pdf') return await analysePdf(path, options);
    if (extension === 'ai') return await analysePdf(path, options).catch(() => none);
    if (VIDEO.has(extension)) return await analyseVideo(path, options);
    if (AUDIO.has(extension)) return await analyseAudio(path);
    return none;
  } catch (err) {
    if (err instanceof UnreadableMediaError) throw new PermanentJobError(err.message);
    throw err;
  }
}

/** The job: analyse, store the preview master, and mark the revision (and its asset, when current) FINISHED. */
export async function processRevision(deps: MediaDeps, revisionId: number, context?: JobContext): Promise<void> {
  const row = await q.findRevisionForProcessing(deps.db, revisionId);
  if (!row) return; // deleted meanwhile
  const local = await deps.storage.localPath(row.file.storageKey);
  let result: Analysis;
  try {
    result = await analyse(local.path, row.file.extension, { maxPixels: deps.config.imageMaxPixels, tempDir: deps.storage.tempDir() });
  } finally {
    await local.release();
  }
  // The decoding and encoding are done: the next job may start while this one stores what it made.
  context?.release();
  let previewKey: string | null = null;
  if (result.preview) {
    previewKey = previewKeyOf(revisionId);
    await deps.storage.put(previewKey, Readable.from([result.preview]));
  }
  const stillThere = await deps.db.transaction(async (tx) => {
    const found = await q.updateRevision(tx, revisionId, {
      status: 'FINISHED',
      metadata: result.metadata,
      previewKey,
      previewBackgroundColor: result.background,
      perceptualHash: result.phash,
      extractedText: result.text ?? null,
      processingError: null,
    });
    const assetId = found ? await q.setStatusIfCurrent(tx, revisionId, 'FINISHED') : null;
    // The current file's AUTO tags replace the last ones (people's tags stay; decision 0038).
    if (assetId !== null) {
      const tags = autoTags({
        extension: row.file.extension,
        metadata: result.metadata,
        background: result.background,
        keywords: result.keywords ?? [],
      });
      await replaceAutoTags(tx, assetId, AUTO_TAG_ENGINES, tags);
      // Viewers of the asset show the preview now ready.
      await publish(tx, projectChannel(row.projectId), 'asset', { asset_ids: [assetId] });
    }
    return found;
  });
  // Deleted while we worked: its purge may already have run, so the master just stored is ours to remove.
  if (!stillThere && previewKey) await deps.storage.delete(previewKey);
}

/** Records a final failure on the revision (and its asset, when current). */
export async function failRevision(db: Db, revisionId: number, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    await q.updateRevision(tx, revisionId, { status: 'PROCESSING_FAILED', processingError: message.slice(0, 500) });
    await q.setStatusIfCurrent(tx, revisionId, 'PROCESSING_FAILED');
  });
}

/** The message a person sees: ours for files we refused to read, a generic one otherwise. */
export function failureMessage(error: Error): string {
  return error instanceof PermanentJobError ? error.message : 'The file could not be processed';
}

/** The job that analyses an uploaded revision (enqueued with the revision, in the same transaction). */
export const processRevisionJob = defineJob(
  'revision.process',
  z.object({ revisionId: z.number().int().positive() }),
  (deps, { revisionId }, context) => processRevision(deps, revisionId, context),
  {
    onFailed: async (deps, { revisionId }, error) => {
      if (!(error instanceof PermanentJobError)) deps.log.error({ err: error, revisionId }, 'revision processing failed');
      await failRevision(deps.db, revisionId, failureMessage(error));
    },
  },
);
