import { z } from 'zod';
import { idSchema } from '../shared/idSchemas.js';

/**
 * The zoom pyramid of an image (`GET /api/asset/{id}/zoom`): level `L` is the image at 2^L of its own size
 * (level 0 is the original's pixels, -1 half of it, +1 twice a vector's intrinsic size). A level whose longer
 * side is at most ZOOM_WHOLE_MAX is served whole; larger ones in ZOOM_TILE_SIZE square tiles, column `x` and row
 * `y` from the top left. Fixed levels and tiles are what make the browser's and the server's caches hit, and
 * bound what a viewer can make the server render and store. The server and the viewer share these functions.
 */
export const ZOOM_TILE_SIZE = 512;
export const ZOOM_WHOLE_MAX = 4096;
export const ZOOM_MIN_LEVEL = -16;
/** Vectors are rasterised up to 2^4 times their intrinsic size… */
export const ZOOM_MAX_VECTOR_LEVEL = 4;
/** …and no larger than this many pixels at a level (raster images stop at their own pixels, level 0). */
export const ZOOM_MAX_VECTOR_PIXELS = 100_000_000;

export interface ZoomSize {
  width: number;
  height: number;
}

export interface TileRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The size of an image `size` at `level`, in whole pixels (at least one). */
export function levelSize(size: ZoomSize, level: number): ZoomSize {
  const k = 2 ** level;
  return { width: Math.max(1, Math.ceil(size.width * k)), height: Math.max(1, Math.ceil(size.height * k)) };
}

/** Whether a level is one image rather than tiles. */
export function servedWhole(size: ZoomSize, level: number): boolean {
  const s = levelSize(size, level);
  return Math.max(s.width, s.height) <= ZOOM_WHOLE_MAX;
}

/** The columns and rows of tiles of a level. */
export function tileGrid(size: ZoomSize, level: number): { columns: number; rows: number } {
  const s = levelSize(size, level);
  return { columns: Math.ceil(s.width / ZOOM_TILE_SIZE), rows: Math.ceil(s.height / ZOOM_TILE_SIZE) };
}

/** Where tile (x, y) of a level lies, in the level's pixels (edge tiles are smaller). */
export function tileRect(size: ZoomSize, level: number, x: number, y: number): TileRect {
  const s = levelSize(size, level);
  const left = x * ZOOM_TILE_SIZE;
  const top = y * ZOOM_TILE_SIZE;
  return { left, top, width: Math.min(ZOOM_TILE_SIZE, s.width - left), height: Math.min(ZOOM_TILE_SIZE, s.height - top) };
}

/** The highest level an image has: its own pixels for raster images, a bounded enlargement for vectors. */
export function maxZoomLevel(size: ZoomSize, vector: boolean): number {
  if (!vector) return 0;
  let level = ZOOM_MAX_VECTOR_LEVEL;
  while (level > 0) {
    const s = levelSize(size, level);
    if (s.width * s.height <= ZOOM_MAX_VECTOR_PIXELS) break;
    level -= 1;
  }
  return level;
}

const whole = (max: number, message: string) =>
  z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(0, message).max(max, message);

/**
 * `GET /api/asset/{id}/zoom`: `revision` (the revision's id, so a new revision never reuses a cached level),
 * `level`, and `x` and `y` together for a tile of a level too large to be served whole.
 */
export const zoomQuerySchema = z
  .object({
    revision: idSchema,
    level: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(ZOOM_MIN_LEVEL, `Must be at least ${ZOOM_MIN_LEVEL}`)
      .max(ZOOM_MAX_VECTOR_LEVEL, `Must be at most ${ZOOM_MAX_VECTOR_LEVEL}`),
    x: whole(100_000, 'Must be a tile column of the level').optional(),
    y: whole(100_000, 'Must be a tile row of the level').optional(),
  })
  .strict()
  .refine((q) => (q.x === undefined) === (q.y === undefined), { message: 'Give both x and y, or neither', path: ['x'] });
export type ZoomQuery = z.infer<typeof zoomQuerySchema>;
