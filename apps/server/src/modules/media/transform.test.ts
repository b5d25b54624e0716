import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { fetchBytes, halves, iconPng, ownerWithProject, pdf, uploadAsset } from '../../test/media.js';
import { heic } from './heic-fixture.js';
import { RenderLimiter } from './render-limiter.js';
import { signedMediaUrl } from './urls.js';
import { planGeometry, resolveFormat, type VariantParams } from './variant-params.js';

const params = (p: Partial<VariantParams>): VariantParams => ({ focus: [0.5, 0.5], format: 'webp', transformations: [], ...p });

describe('planGeometry', () => {
  const base = { width: 1200, height: 800 };
  it('meets a width exactly and never upscales', () => {
    expect(planGeometry(base, params({ width: 400 }), 4096)).toEqual({
      region: { left: 0, top: 0, width: 1200, height: 800 },
      width: 400,
      height: 267,
    });
    expect(planGeometry(base, params({ width: 5000 }), 4096)).toMatchObject({ width: 1200, height: 800 });
    expect(planGeometry(base, params({ height: 200 }), 4096)).toMatchObject({ width: 300, height: 200 });
    expect(planGeometry({ width: 10000, height: 100 }, params({ width: 9000 }), 4096)).toMatchObject({ width: 4096 });
  });
  it('fits inside a box by default and covers it around the focus point with FILL', () => {
    expect(planGeometry(base, params({ width: 300, height: 300 }), 4096)).toMatchObject({ width: 300, height: 200 });
    expect(planGeometry(base, params({ width: 300, height: 300, fit: 'FILL' }), 4096)).toEqual({
      region: { left: 200, top: 0, width: 800, height: 800 },
      width: 300,
      height: 300,
    });
    expect(planGeometry(base, params({ width: 300, height: 300, fit: 'FILL', focus: [0, 0.5] }), 4096).region.left).toBe(0);
    expect(planGeometry(base, params({ width: 300, height: 300, fit: 'FILL', focus: [1, 0.5] }), 4096).region.left).toBe(400);
    // Asking for more than the image keeps the requested shape, smaller.
    expect(planGeometry(base, params({ width: 1600, height: 1600, transformations: ['cover-max'] }), 4096)).toMatchObject({
      width: 800,
      height: 800,
    });
  });
  it('scales crop coordinates from the reference width', () => {
    expect(planGeometry(base, params({ crop: [0, 0, 100, 100], referenceWidth: 400, width: 5000 }), 4096)).toEqual({
      region: { left: 0, top: 0, width: 300, height: 300 },
      width: 300,
      height: 300,
    });
    // The default reference width is 800.
    expect(planGeometry(base, params({ crop: [400, 0, 400, 200] }), 4096).region).toEqual({ left: 600, top: 0, width: 600, height: 300 });
    expect(() => planGeometry(base, params({ crop: [900, 0, 10, 10], referenceWidth: 800 }), 4096)).toThrow('Validation failed');
  });
});

describe('resolveFormat', () => {
  const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  it('negotiates auto as avif > webp > jpeg, png for transparency', () => {
    expect(resolveFormat('auto', chrome, false)).toEqual({ format: 'avif', negotiated: true });
    expect(resolveFormat('auto', 'image/webp,*/*', false)).toEqual({ format: 'webp', negotiated: true });
    expect(resolveFormat('auto', '*/*', false)).toEqual({ format: 'jpeg', negotiated: true });
    expect(resolveFormat('auto', undefined, true)).toEqual({ format: 'png', negotiated: true });
    expect(resolveFormat('auto', 'image/avif;q=0,image/webp', false)).toEqual({ format: 'webp', negotiated: true });
    expect(resolveFormat(undefined, chrome, false)).toEqual({ format: 'webp', negotiated: true });
    expect(resolveFormat('png', chrome, false)).toEqual({ format: 'png', negotiated: false });
  });
});

describe('RenderLimiter', () => {
  it('runs at most N at once, queues a bounded number and refuses the rest with 503', async () => {
    const limiter = new RenderLimiter(1, 1);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let running = 0;
    let peak = 0;
    const job = async () => {
      running++;
      peak = Math.max(peak, running);
      await gate;
      running--;
      return 'done';
    };
    const a = limiter.run('a', job);
    const b = limiter.run('b', job);
    const same = limiter.run('a', job);
    await expect(limiter.run('c', job)).rejects.toMatchObject({ statusCode: 503 });
    release();
    expect(await Promise.all([a, b, same])).toEqual(['done', 'done', 'done']);
    expect(peak).toBe(1);
    expect(await limiter.run('d', job)).toBe('done');
  });
});

forEachBackend('media delivery', (env) => {
  const secret = () => env().started.app.config.sessionSecret;
  type AssetLike = { asset_token: string; revision: { id: number } };
  const url = (a: AssetLike, p: Record<string, string | number | undefined>) => signedMediaUrl(secret(), a.asset_token, a.revision.id, p);

  const setup = (type?: string) => ownerWithProject(env(), type);
  async function photo() {
    const { project, c } = await setup();
    // Red left half, blue right half.
    const asset = await uploadAsset(env(), c, project.id, 'photo.png', await halves(1200, 800, '#ff0000', '#0000ff'));
    return { asset, c, project };
  }
  /** A pixel's channels, rounded to steps of 8 (resampling is off by one here and there). */
  const pixel = async (bytes: Buffer, x: number, y: number) => {
    const { data } = await sharp(bytes).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    return [...data].map((v) => Math.min(255, Math.round(v / 8) * 8));
  };

  it('serves the presenter preview URLs: width 800 and 400, immutable until they expire, ETag, safe headers', async () => {
    const { asset } = await photo();
    const anon = env().anon();
    const preview = await fetchBytes(anon, asset.preview_url, { accept: 'image/webp,*/*' });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    // Cached as long as the URL stays valid (6 to 7 days; media-links.test.ts checks it exactly), never longer.
    const maxAge = Number(/^public, max-age=(\d+), immutable$/.exec(preview.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(6 * 86_400 - 600);
    expect(maxAge).toBeLessThanOrEqual(7 * 86_400);
    expect(preview.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(preview.headers.get('vary')).toBe('Accept');
    expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
    expect(preview.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Number(preview.headers.get('content-length'))).toBe(preview.bytes.length);
    expect((await sharp(preview.bytes).metadata()).width).toBe(800);
    const thumb = await fetchBytes(anon, asset.thumbnail_url, { accept: 'image/webp' });
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 400, height: 267 });
  });

  it('gives exact widths, never upscales, clamps to the maximum', async () => {
    const { asset, c } = await photo();
    const size = async (p: Record<string, string | number>) => {
      const res = await fetchBytes(c, url(asset, { format: 'png', ...p }));
      expect(res.status, res.bytes.toString().slice(0, 200)).toBe(200);
      const m = await sharp(res.bytes).metadata();
      return [m.width, m.height];
    };
    expect(await size({ width: 333 })).toEqual([333, 222]);
    expect(await size({ width: 1200 })).toEqual([1200, 800]);
    expect(await size({ width: 3000 })).toEqual([1200, 800]);
    expect(await size({ height: 100 })).toEqual([150, 100]);
    expect(await size({ width: 100, height: 100 })).toEqual([100, 67]);
    const config = env().started.app.config;
    const saved = config.transformMaxWidth;
    config.transformMaxWidth = 500;
    try {
      expect(await size({ width: 1000 })).toEqual([500, 333]);
    } finally {
      config.transformMaxWidth = saved;
    }
  });

  it('renders widths beyond the preview master from the original', async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'wide.jpg', await halves(3000, 1000, '#ff0000', '#00ff00', 'jpeg'));
    expect(asset.width).toBe(3000);
    const res = await fetchBytes(c, url(asset, { width: 2800, format: 'jpeg' }));
    expect(await sharp(res.bytes).metadata()).toMatchObject({ width: 2800, height: 933 });
  });

  it('renders HEIC (HEVC) variants from the master, and beyond it from the decoded original', async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'pano.heic', await heic(await halves(2600, 400, '#ff0000', '#0000ff')));
    expect(asset).toMatchObject({ status: 'FINISHED', width: 2600, height: 400 });
    // HEVC stores colours as YUV: near the source, not exactly it.
    const hue = async (bytes: Buffer, x: number, y: number) => {
      const [r = 0, g = 0, b = 0] = await pixel(bytes, x, y);
      return r > 200 && g < 50 && b < 50 ? 'red' : b > 200 && r < 50 && g < 50 ? 'blue' : `rgb(${r},${g},${b})`;
    };
    const small = await fetchBytes(c, url(asset, { width: 260, format: 'png' }));
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 260, height: 40 });
    expect(await hue(small.bytes, 60, 20)).toBe('red');
    expect(await hue(small.bytes, 200, 20)).toBe('blue');
    // Wider than the 2400-pixel master: only the original has these pixels.
    const full = await fetchBytes(c, url(asset, { width: 2600, format: 'png' }));
    expect(full.status).toBe(200);
    expect(await sharp(full.bytes).metadata()).toMatchObject({ width: 2600, height: 400 });
    expect(await hue(full.bytes, 100, 200)).toBe('red');
    expect(await hue(full.bytes, 2500, 200)).toBe('blue');
    const crop = await fetchBytes(c, url(asset, { crop: '1400,0,1200,400', reference_width: 2600, width: 1200, format: 'png' }));
    expect(await sharp(crop.bytes).metadata()).toMatchObject({ width: 1200, height: 400 });
    expect(await hue(crop.bytes, 600, 200)).toBe('blue');
  });

  it('crops (scaled from the reference width) and covers around the focus point', async () => {
    const { asset, c } = await photo();
    // The right third of a 400-wide reference: all blue.
    const crop = await fetchBytes(
      c,
      url(asset, { crop: '300,0,100,100', reference_width: 400, width: 300, format: 'png', transformation: 'crop' }),
    );
    expect(await sharp(crop.bytes).metadata()).toMatchObject({ width: 300, height: 300 });
    expect(await pixel(crop.bytes, 150, 150)).toEqual([0, 0, 255]);
    const left = await fetchBytes(
      c,
      url(asset, { width: 200, height: 200, fit: 'FILL', focus: '0,0.5', format: 'png', transformation: 'focus' }),
    );
    expect(await sharp(left.bytes).metadata()).toMatchObject({ width: 200, height: 200 });
    // Focus left: the square is x 0-800 of 1200, so x=140 of 200 is source x=560 (red).
    expect(await pixel(left.bytes, 140, 100)).toEqual([255, 0, 0]);
    // Centred: x 200-1000, so x=140 is source x=760 (blue).
    const centred = await fetchBytes(c, url(asset, { width: 200, height: 200, fit: 'FILL', format: 'png' }));
    expect(await pixel(centred.bytes, 140, 100)).toEqual([0, 0, 255]);
    // Focus right: x 400-1200, so x=40 is source x=560 (red) and x=60 is 640 (blue).
    const right = await fetchBytes(c, url(asset, { width: 200, height: 200, fit: 'FILL', focus: '1,0.5', format: 'png' }));
    expect(await pixel(right.bytes, 40, 100)).toEqual([255, 0, 0]);
    expect(await pixel(right.bytes, 60, 100)).toEqual([0, 0, 255]);
    const bad = await fetchBytes(c, url(asset, { crop: '5000,0,10,10', format: 'png' }));
    expect(bad.status).toBe(400);
  });

  it('negotiates the format and converts on request', async () => {
    const { asset, c } = await photo();
    const fmt = async (p: Record<string, string | number>, accept?: string) => {
      const res = await fetchBytes(c, url(asset, { width: 100, ...p }), accept ? { accept } : {});
      return [res.headers.get('content-type'), (await sharp(res.bytes).metadata()).format, res.headers.get('vary')];
    };
    expect(await fmt({ format: 'auto' }, 'image/avif,image/webp,*/*')).toEqual(['image/avif', 'heif', 'Accept']);
    expect(await fmt({ format: 'auto' }, 'image/webp,*/*')).toEqual(['image/webp', 'webp', 'Accept']);
    expect(await fmt({ format: 'auto' }, '*/*')).toEqual(['image/jpeg', 'jpeg', 'Accept']);
    expect(await fmt({ format: 'png' }, 'image/webp')).toEqual(['image/png', 'png', null]);
    expect(await fmt({ format: 'jpeg', quality: 30 })).toEqual(['image/jpeg', 'jpeg', null]);
    const badFormat = await fetchBytes(c, url(asset, { format: 'gif' }));
    expect(badFormat.status).toBe(400);
  });

  it('colorizes transparent icons, keeping their shape', async () => {
    const { project, c } = await setup('ICONLIBRARY');
    const icon = await uploadAsset(env(), c, project.id, 'dot.png', await iconPng(64));
    const res = await fetchBytes(c, url(icon, { width: 64, format: 'png', transformation: 'colorize', color: 'ff8800' }));
    expect(res.status).toBe(200);
    expect(await pixel(res.bytes, 32, 32)).toEqual([255, 136, 0, 255]);
    expect((await pixel(res.bytes, 1, 1))[3]).toBe(0);
  });

  it('renders PDF pages on demand', async () => {
    const { project, c } = await setup('DOCUMENTLIBRARY');
    const doc = await uploadAsset(env(), c, project.id, 'three.pdf', await pdf(3));
    const page2 = await fetchBytes(c, url(doc, { page: 2, width: 300, format: 'png', transformation: 'page' }));
    expect(page2.status).toBe(200);
    expect(await sharp(page2.bytes).metadata()).toMatchObject({ width: 300, height: 400 });
    const page1 = await fetchBytes(c, url(doc, { width: 300, format: 'png' }));
    expect(page1.bytes.equals(page2.bytes)).toBe(false);
    expect((await fetchBytes(c, url(doc, { page: 9, format: 'png' }))).status).toBe(404);
  });

  it('refuses a missing or wrong signature with 403, an unknown revision with 404', async () => {
    const { asset, c } = await photo();
    const good = url(asset, { width: 100 });
    expect((await fetchBytes(c, good.replace('width=100', 'width=101'))).status).toBe(403);
    expect((await fetchBytes(c, good.replace(/&?sig=.*/, ''))).status).toBe(403);
    const forged = await fetchBytes(c, `${good}&extra=1`);
    expect(forged.status).toBe(403);
    expect(forged.json()).toEqual({ success: false, error: 'Invalid signature', errors: {} });
    expect((await fetchBytes(c, `${good.split('?')[0]}?width=100&sig=${'A'.repeat(22)}`)).status).toBe(403);
    // A valid signature for a revision that is not this asset's.
    expect((await fetchBytes(c, signedMediaUrl(secret(), asset.asset_token, asset.revision.id + 1000, { width: 100 }))).status).toBe(404);
    expect((await fetchBytes(c, signedMediaUrl(secret(), 'not-the-token', asset.revision.id, { width: 100 }))).status).toBe(404);
  });

  it('answers 304 for a matching ETag and serves the second hit from the cache', async () => {
    const { asset, c } = await photo();
    const u = url(asset, { width: 321, format: 'webp' });
    const first = await fetchBytes(c, u);
    const etag = first.headers.get('etag') ?? '';
    const cacheDir = join(env().started.app.config.dataDir, 'files', 'derived', 'transforms', String(asset.revision.id));
    const cached = readdirSync(cacheDir).filter((f) => f.endsWith('.webp'));
    expect(cached.length).toBeGreaterThanOrEqual(1);
    const second = await fetchBytes(c, u);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.headers.get('etag')).toBe(etag);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.webp'))).toEqual(cached);
    const notModified = await fetchBytes(c, u, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
    expect(notModified.headers.get('etag')).toBe(etag);
    expect((await fetchBytes(c, u, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('has no preview for files without one', async () => {
    const { project, c } = await setup('DOCUMENTLIBRARY');
    const txt = await uploadAsset(env(), c, project.id, 'a.txt', Buffer.from('hello'));
    const res = await fetchBytes(c, signedMediaUrl(secret(), txt.asset_token, txt.revision.id, { width: 400 }));
    expect(res.status).toBe(404);
  });
});
