import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { levelSize, maxZoomLevel, servedWhole, tileGrid, tileRect, ZOOM_TILE_SIZE, zoomQuerySchema } from '@emblem/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../http/errors.js';
import { forEachBackend } from '../../test/harness.js';
import { fetchBytes, halves, jpeg, ownerWithProject, pdf, uploadAsset } from '../../test/media.js';
import { planZoom, rasterZoomParams } from './zoom.js';

async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(bytes)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}
const near = (actual: number[], expected: number[], tolerance = 12) =>
  expect(
    actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= tolerance),
    `${actual} ≈ ${expected}`,
  ).toBe(true);
const RED = [255, 0, 0];
const BLUE = [0, 0, 255];

describe('the zoom pyramid', () => {
  const photo = { width: 3000, height: 2000 };
  const wide = { width: 10_000, height: 600 };

  it('sizes levels from the original and serves large ones in tiles', () => {
    expect(levelSize(photo, 0)).toEqual({ width: 3000, height: 2000 });
    expect(levelSize(photo, -1)).toEqual({ width: 1500, height: 1000 });
    expect(levelSize(photo, -3)).toEqual({ width: 375, height: 250 });
    expect(servedWhole(photo, 0)).toBe(true);
    expect(servedWhole(wide, 0)).toBe(false);
    expect(servedWhole(wide, -2)).toBe(true);
    expect(tileGrid(wide, 0)).toEqual({ columns: 20, rows: 2 });
    expect(tileRect(wide, 0, 19, 1)).toEqual({ left: 19 * 512, top: 512, width: 10_000 - 19 * 512, height: 88 });
    expect(maxZoomLevel(photo, false)).toBe(0);
    expect(maxZoomLevel({ width: 400, height: 300 }, true)).toBe(4);
    expect(maxZoomLevel({ width: 5000, height: 5000 }, true)).toBe(1);
  });

  it('refuses levels past the pixels, and tiles the level does not have', () => {
    const field = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(ValidationError);
        return Object.keys((err as ValidationError).errors ?? {});
      }
      throw new Error('not refused');
    };
    expect(field(() => planZoom({ size: photo, vector: false }, { level: 1 }))).toEqual(['level']);
    expect(field(() => planZoom({ size: wide, vector: false }, { level: 0 }))).toEqual(['x']);
    expect(field(() => planZoom({ size: photo, vector: false }, { level: 0, x: 0, y: 0 }))).toEqual(['x']);
    expect(field(() => planZoom({ size: wide, vector: false }, { level: 0, x: 20, y: 0 }))).toEqual(['x']);
    expect(field(() => planZoom({ size: wide, vector: false }, { level: 0, x: 0, y: 2 }))).toEqual(['y']);
    expect(planZoom({ size: { width: 400, height: 300 }, vector: true }, { level: 3 }).rect).toEqual({
      left: 0,
      top: 0,
      width: 3200,
      height: 2400,
    });
  });

  it('asks for a tile as the region of the original it shows, at the level’s scale', () => {
    const plan = planZoom({ size: wide, vector: false }, { level: -1, x: 9, y: 0 });
    expect(plan.rect).toEqual({ left: 9 * 512, top: 0, width: 5000 - 9 * 512, height: 300 });
    expect(rasterZoomParams(wide, plan, 'webp')).toMatchObject({
      crop: [9 * 1024, 0, 10_000 - 9 * 1024, 600],
      referenceWidth: 10_000,
      width: 5000 - 9 * 512,
    });
    expect(rasterZoomParams(wide, planZoom({ size: wide, vector: false }, { level: -2 }), 'webp')).toMatchObject({ width: 2500 });
  });

  it('validates the query', () => {
    expect(zoomQuerySchema.safeParse({ revision: '3', level: '0' }).success).toBe(true);
    expect(zoomQuerySchema.safeParse({ revision: '3', level: '0', x: '1' }).success).toBe(false);
    expect(zoomQuerySchema.safeParse({ revision: '3', level: '5' }).success).toBe(false);
    expect(zoomQuerySchema.safeParse({ revision: '3', level: '-17' }).success).toBe(false);
    expect(zoomQuerySchema.safeParse({ revision: '3', level: '0.5' }).success).toBe(false);
    expect(zoomQuerySchema.safeParse({ revision: '3', level: '0', x: '-1', y: '0' }).success).toBe(false);
    expect(zoomQuerySchema.safeParse({ revision: '3', level: '0', width: '9000' }).success).toBe(false);
    expect(zoomQuerySchema.safeParse({ level: '0' }).success).toBe(false);
  });
});

let PHOTO: Buffer;
let WIDE: Buffer;
beforeAll(async () => {
  PHOTO = await halves(3000, 2000, '#ff0000', '#0000ff', 'jpeg');
  WIDE = await halves(5000, 600, '#ff0000', '#0000ff');
});

forEachBackend('GET /api/asset/{id}/zoom', (env) => {
  const setup = () => ownerWithProject(env());
  const zoomPath = (asset: { id: number; revision: { id: number } }, query: string) =>
    `/api/asset/${asset.id}/zoom?revision=${asset.revision.id}&${query}`;

  it("serves a photo's level 0 with the original's pixels, and smaller levels from the preview", async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', PHOTO);
    expect([asset.width, asset.height]).toEqual([3000, 2000]);
    const full = await fetchBytes(c, zoomPath(asset, 'level=0'), { accept: 'image/webp,*/*' });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(full.headers.get('content-security-policy')).toContain('sandbox');
    const meta = await sharp(full.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([3000, 2000]);
    near(await pixel(full.bytes, 1497, 1000), RED, 40);
    near(await pixel(full.bytes, 1503, 1000), BLUE, 40);
    const half = await fetchBytes(c, zoomPath(asset, 'level=-1'));
    expect(half.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(half.bytes).metadata()).width).toBe(1500);
    // The same answer again: a revalidation by ETag is a 304.
    const again = await fetchBytes(c, zoomPath(asset, 'level=0'), {
      accept: 'image/webp',
      'if-none-match': full.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
  });

  it('serves a level larger than a whole image in tiles, each the region it names', async () => {
    const { project, c, owner } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'wide.png', WIDE);
    const whole = await fetchBytes(c, zoomPath(asset, 'level=0'));
    expect(whole.status).toBe(400);
    expect(whole.json().errors.x).toEqual(['This level is served in tiles: give x and y']);
    // Tile 4 spans 2048–2560: the halves meet at 2500, 452 px into it.
    const tile = await fetchBytes(c, zoomPath(asset, 'level=0&x=4&y=0'), { accept: 'image/png' });
    expect(tile.status).toBe(200);
    const meta = await sharp(tile.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([ZOOM_TILE_SIZE, ZOOM_TILE_SIZE]);
    // JPEG (no transparency, PNG not a format the zoom negotiates): colours within its ringing.
    near(await pixel(tile.bytes, 444, 10), RED, 40);
    near(await pixel(tile.bytes, 460, 10), BLUE, 40);
    const corner = await fetchBytes(c, zoomPath(asset, 'level=0&x=9&y=1'));
    expect(corner.status).toBe(200);
    const cm = await sharp(corner.bytes).metadata();
    expect([cm.width, cm.height]).toEqual([5000 - 9 * 512, 600 - 512]);
    near(await pixel(corner.bytes, 10, 10), BLUE);
    expect((await fetchBytes(c, zoomPath(asset, 'level=0&x=10&y=0'))).status).toBe(400);
    expect((await fetchBytes(c, zoomPath(asset, 'level=0&x=0&y=2'))).status).toBe(400);
    expect((await fetchBytes(c, zoomPath(asset, 'level=1'))).status).toBe(400);
    expect((await fetchBytes(c, zoomPath(asset, 'level=0&x=1'))).status).toBe(400);
    // Rendered once, then read from the cache.
    const dir = join(env().started.app.config.dataDir, 'files', 'derived', 'transforms', String(asset.revision.id));
    const cached = readdirSync(dir).length;
    expect((await fetchBytes(c, zoomPath(asset, 'level=0&x=4&y=0'), { accept: 'image/png' })).status).toBe(200);
    expect(readdirSync(dir)).toHaveLength(cached);
    // Refusals: no session, someone without access to the library, a revision of another asset, a link asset.
    expect((await fetchBytes(env().anon(), zoomPath(asset, 'level=-1'))).status).toBe(401);
    const outsider = await env().signIn(await env().factories.member((await c.get('/account')).body.data.id));
    expect((await fetchBytes(outsider, zoomPath(asset, 'level=-1'))).status).toBe(404);
    const other = await uploadAsset(env(), c, project.id, 'other.jpg', await jpeg(64, 64));
    expect((await fetchBytes(c, `/api/asset/${asset.id}/zoom?revision=${other.revision.id}&level=0`)).status).toBe(404);
    expect(owner).toBeDefined();
  });

  it('rasterises an SVG from its shapes at the level, so edges stay sharp far past the preview', async () => {
    const { project, c } = await setup();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="200" height="300" fill="#000000"/><rect x="200" width="200" height="300" fill="#ffffff"/></svg>',
    );
    const asset = await uploadAsset(env(), c, project.id, 'mark.svg', svg);
    expect([asset.width, asset.height]).toEqual([400, 300]);
    const level2 = await fetchBytes(c, zoomPath(asset, 'level=2'), { accept: 'image/png' });
    expect(level2.status).toBe(200);
    const meta = await sharp(level2.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    // Level 4 is 6400 px wide: tiles. Tile 6 spans 3072–3584 and the edge, at 3200, falls between two pixels.
    expect((await fetchBytes(c, zoomPath(asset, 'level=4'))).status).toBe(400);
    const tile = await fetchBytes(c, zoomPath(asset, 'level=4&x=6&y=3'), { accept: 'image/png' });
    expect(tile.status).toBe(200);
    // Black and white (JPEG keeps luminance at full resolution): the preview master scaled up would blur the edge
    // over several pixels.
    near(await pixel(tile.bytes, 127, 100), [0, 0, 0], 40);
    near(await pixel(tile.bytes, 128, 100), [255, 255, 255], 40);
    expect((await fetchBytes(c, zoomPath(asset, 'level=5'))).status).toBe(400);
  });

  it('has no pyramid for files only a preview shows (a PDF)', async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'doc.pdf', await pdf(1));
    const res = await fetchBytes(c, zoomPath(asset, 'level=0'));
    expect(res.status).toBe(404);
  });
});
