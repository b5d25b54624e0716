import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * HEIC/HEIF pictures. The libvips bundled with sharp reads the HEIF container (size, EXIF) and decodes AV1-coded
 * images, but has no HEVC decoder, and HEVC is what phones write. Those are decoded by libheif compiled to
 * WebAssembly (libheif-js, with libde265), in a worker thread so that a large photo does not block the event
 * loop and the decoder's memory is returned when the worker ends. libheif applies the container's rotation and
 * mirroring, so the pixels come out upright.
 */

export const HEIF_EXTENSIONS = new Set(['heic', 'heif']);

/** The picture could not be decoded (corrupt, unsupported coding, out of decoder memory). */
export class HeifUnreadableError extends Error {}
/** The picture has more pixels than allowed; nothing was decoded. */
export class HeifPixelLimitError extends Error {}

export interface DecodedHeif {
  /** Interleaved RGBA. */
  data: Buffer;
  width: number;
  height: number;
  hasAlpha: boolean;
}

const DECODE_TIMEOUT_MS = 120_000;
const LIBHEIF_MODULE = createRequire(import.meta.url).resolve('libheif-js/wasm-bundle');

/* The worker's code (CommonJS, evaluated): read the file, decode the primary image to RGBA, hand the pixels back. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
// libheif-js reports failures with console.log; they are answered as messages instead.
console.log = () => {};
(async () => {
  const libheif = require(workerData.module);
  if (libheif.ready) await libheif.ready;
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(readFileSync(workerData.path));
  const image = images.find((i) => i.is_primary()) || images[0];
  if (!image) return parentPort.postMessage({ error: 'unreadable' });
  const width = image.get_width();
  const height = image.get_height();
  if (!(width > 0 && height > 0)) return parentPort.postMessage({ error: 'unreadable' });
  if (width * height > workerData.maxPixels) return parentPort.postMessage({ error: 'pixels' });
  const hasAlpha = image.has_alpha_channel();
  const out = await new Promise((resolve) =>
    image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, resolve),
  );
  if (!out) return parentPort.postMessage({ error: 'unreadable' });
  const buffer = out.data.buffer;
  parentPort.postMessage({ width, height, hasAlpha, data: buffer }, [buffer]);
})().catch(() => parentPort.postMessage({ error: 'unreadable' }));
`;

type WorkerAnswer = { error: 'unreadable' | 'pixels' } | { width: number; height: number; hasAlpha: boolean; data: ArrayBuffer };

/** HEIF decodes run one at a time per process: a large photo's decoder can take several hundred MB. */
let decodeQueue: Promise<unknown> = Promise.resolve();

/** Decodes the primary image of a HEIF file (any coding libheif knows: HEVC, AV1, JPEG, uncompressed). */
export function decodeHeif(path: string, maxPixels: number): Promise<DecodedHeif> {
  const run = decodeQueue.then(() => decodeInWorker(path, maxPixels));
  decodeQueue = run.catch(() => {});
  return run;
}

function decodeInWorker(path: string, maxPixels: number): Promise<DecodedHeif> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: LIBHEIF_MODULE, path, maxPixels } });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new HeifUnreadableError('HEIF decoding timed out'))), DECODE_TIMEOUT_MS);
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if ('error' in answer) {
          reject(answer.error === 'pixels' ? new HeifPixelLimitError('too many pixels') : new HeifUnreadableError('unreadable HEIF'));
        } else {
          resolve({ data: Buffer.from(answer.data), width: answer.width, height: answer.height, hasAlpha: answer.hasAlpha });
        }
      }),
    );
    worker.once('error', () => finish(() => reject(new HeifUnreadableError('HEIF decoder failed'))));
    worker.once('exit', () => finish(() => reject(new HeifUnreadableError('HEIF decoder stopped'))));
  });
}

/** Whether libvips can decode this HEIF itself (AV1 and other codings it was built with), from its header. */
export function sharpDecodesHeif(meta: Pick<Metadata, 'compression'>): boolean {
  return meta.compression !== undefined && meta.compression !== 'hevc';
}

export interface OpenedHeif {
  /** Upright pixels (no EXIF orientation left to apply). */
  image: Sharp;
  width: number;
  height: number;
  hasAlpha: boolean;
}

/**
 * A HEIF picture as a sharp pipeline: libvips for codings it has, else the WebAssembly decoder's pixels.
 * Refuses pictures over `maxPixels` before decoding them (HeifPixelLimitError). `header`: sharp's metadata when
 * already read (null when libvips could not read it).
 */
export async function openHeif(path: string, maxPixels: number, header?: Metadata | null): Promise<OpenedHeif> {
  let meta: Metadata | null = header ?? null;
  if (header === undefined) {
    try {
      meta = await sharp(path).metadata();
    } catch {
      // Let libheif try: it knows more of the format than the container parser of this libvips build.
    }
  }
  if (meta?.width && meta.height && meta.width * meta.height > maxPixels) throw new HeifPixelLimitError('too many pixels');
  if (meta && sharpDecodesHeif(meta) && meta.width && meta.height) {
    // libvips applies the HEIF rotation itself and removes the EXIF orientation.
    return {
      image: sharp(path, { limitInputPixels: maxPixels, failOn: 'error' }),
      width: meta.width,
      height: meta.height,
      hasAlpha: Boolean(meta.hasAlpha),
    };
  }
  const decoded = await decodeHeif(path, maxPixels);
  const raw = sharp(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: maxPixels });
  return {
    image: decoded.hasAlpha ? raw : raw.removeAlpha(),
    width: decoded.width,
    height: decoded.height,
    hasAlpha: decoded.hasAlpha,
  };
}
