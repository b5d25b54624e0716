import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetRevisions } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';
import { audio, fetchBytes, halves, jpeg, ownerWithProject, pdf, upload, uploadAsset, video } from '../../test/media.js';
import { decodeHeif, HeifPixelLimitError, HeifUnreadableError } from './heic.js';
import { heic } from './heic-fixture.js';
import { hammingDistance, perceptualHash } from './pixels.js';
import { parseProbe } from './tools.js';

it('parses durations, sizes, rotation and creation time from ffmpeg output', () => {
  const probe = parseProbe(`Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':
  Metadata:
    creation_time   : 2021-06-01T10:20:30.000000Z
  Duration: 00:01:02.50, start: 0.000000, bitrate: 46 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 41 kb/s, 10 fps
    Metadata:
      rotate          : 90
    Stream #0:1(und): Audio: aac (LC), 44100 Hz, stereo, fltp`);
  expect(probe).toEqual({
    duration: 62.5,
    video: { width: 1080, height: 1920, rotation: 90 },
    audio: true,
    createdAt: '2021-06-01T10:20:30.000Z',
  });
  expect(parseProbe('Duration: N/A, bitrate: N/A')).toEqual({ duration: null, video: null, audio: false, createdAt: null });
});

it('gives similar pictures close perceptual hashes and different ones distant hashes', async () => {
  const raw = async (buf: Buffer) => {
    const { data, info } = await sharp(buf).raw().toBuffer({ resolveWithObject: true });
    return perceptualHash({ data, info: { width: info.width, height: info.height, channels: info.channels as 3 } });
  };
  const a = await raw(await halves(200, 100, '#000000', '#ffffff'));
  const b = await raw(
    await sharp(await halves(200, 100, '#000000', '#ffffff'))
      .resize(150)
      .png()
      .toBuffer(),
  );
  const c = await raw(await halves(200, 100, '#ffffff', '#000000'));
  expect(a).toMatch(/^[0-9a-f]{16}$/);
  expect(hammingDistance(a, b)).toBeLessThanOrEqual(4);
  expect(hammingDistance(a, c)).toBeGreaterThan(4);
});

describe('HEIC decoding (libheif in WebAssembly)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'emblem-heic-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  it('decodes a HEVC-coded HEIC that the bundled libvips cannot', async () => {
    const bytes = await heic(await halves(320, 240, '#ff0000', '#0000ff'));
    // The fixture is what phones write: HEVC, which sharp reads the header of but cannot decode.
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'heif', compression: 'hevc', width: 320, height: 240 });
    await expect(sharp(bytes).png().toBuffer()).rejects.toThrow();
    const decoded = await decodeHeif(file('a.heic', bytes), 1_000_000);
    expect(decoded).toMatchObject({ width: 320, height: 240, hasAlpha: false });
    expect(decoded.data.length).toBe(320 * 240 * 4);
    const at = (x: number, y: number) => [...decoded.data.subarray((y * 320 + x) * 4, (y * 320 + x) * 4 + 3)];
    const [lr, lg, lb] = at(80, 120);
    const [rr, rg, rb] = at(240, 120);
    expect(lr).toBeGreaterThan(220);
    expect(Math.max(lg ?? 255, lb ?? 255)).toBeLessThan(40);
    expect(rb).toBeGreaterThan(220);
    expect(Math.max(rr ?? 255, rg ?? 255)).toBeLessThan(40);
  });

  it('refuses a picture over the pixel limit before decoding, and unreadable data', async () => {
    const path = file('b.heic', await heic(await jpeg(320, 240)));
    await expect(decodeHeif(path, 320 * 240 - 1)).rejects.toBeInstanceOf(HeifPixelLimitError);
    await expect(decodeHeif(file('c.heic', Buffer.from('not a heif at all')), 1_000_000)).rejects.toBeInstanceOf(HeifUnreadableError);
  });
});

forEachBackend('media processing', (env) => {
  const db = () => env().started.database.db;
  const dataDir = () => env().started.app.config.dataDir;

  const setup = (type?: string) => ownerWithProject(env(), type);
  async function revisionOf(asset: { revision: { id: number } }) {
    const [rev] = await db().select().from(assetRevisions).where(eq(assetRevisions.id, asset.revision.id));
    if (!rev) throw new Error('no revision');
    return rev;
  }

  it('leaves no temporary pixel file behind, on disk or held open', async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'wide.png', await halves(900, 600, '#336699', '#ffcc00'));
    expect(asset.status).toBe('FINISHED');
    // The pixel files go to this server's own temporary directory (DATA_DIR/tmp), removed once used.
    expect(readdirSync(join(dataDir(), 'tmp')).filter((f) => f.startsWith('emblem-derive-'))).toEqual([]);
    // Other test files may be processing right now (their files exist); a file held open after removal is a leak.
    const held = readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter((target) => target.includes('emblem-derive-') && target.endsWith('(deleted)'));
    expect(held).toEqual([]);
  });

  it('processes an image: metadata, allow-listed EXIF, preview without EXIF or GPS, colour, hash', async () => {
    const { project, c } = await setup();
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#cc3311' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Acme', Model: 'Cam 1', Software: 'Test', Copyright: 'ACME Corp', HostComputer: 'secret-laptop' },
        IFD2: { DateTimeOriginal: '2023:04:05 06:07:08', ISOSpeedRatings: '200' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer();
    expect(exifReader((await sharp(photo).metadata()).exif as Buffer).GPSInfo?.GPSLatitude).toEqual([51, 30, 0]);
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', photo);
    expect(asset).toMatchObject({ status: 'FINISHED', type: 'Image', width: 1200, height: 800, color_space: 'RGB' });
    expect(asset.file_created_at).toBe('2023-04-05T06:07:08.000Z');
    expect(asset.preview_background_color).toMatch(/^rgba\(2\d\d,\d{1,2},\d{1,2},1\)$/);
    const rev = await revisionOf(asset);
    expect(rev.status).toBe('FINISHED');
    expect(rev.perceptualHash).toMatch(/^[0-9a-f]{16}$/);
    expect(rev.metadata.exif).toEqual({
      Make: 'Acme',
      Model: 'Cam 1',
      Orientation: 1,
      Software: 'Test',
      Copyright: 'ACME Corp',
      DateTimeOriginal: '2023-04-05T06:07:08.000Z',
      ISO: 200,
    });
    expect(JSON.stringify(rev.metadata)).not.toMatch(/GPS|secret-laptop/);
    // What the file says becomes AUTO tags: camera, orientation, dominant colour, type.
    expect(asset.tags).toEqual(
      expect.arrayContaining([
        { value: 'Acme Cam 1', source: 'AUTO' },
        { value: 'Landscape', source: 'AUTO' },
        { value: 'Red', source: 'AUTO' },
        { value: 'Image', source: 'AUTO' },
      ]),
    );
    expect(asset.tags).toHaveLength(4);
    expect(rev.previewKey).toBe(`derived/previews/${rev.id}.webp`);
    const preview = readFileSync(join(dataDir(), 'files', rev.previewKey ?? ''));
    const pm = await sharp(preview).metadata();
    expect(pm).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(pm.exif).toBeUndefined();
    // Derived images served to people carry no EXIF/GPS either.
    const served = await fetchBytes(c, asset.preview_url, { accept: 'image/jpeg' });
    expect(served.status).toBe(200);
    const sm = await sharp(served.bytes).metadata();
    expect(sm.format).toBe('jpeg');
    expect(sm.exif).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('Acme'))).toBe(false);
  });

  it('tags a file with its XMP keywords; a new revision replaces the AUTO tags and keeps the ones people chose', async () => {
    const { project, c } = await setup();
    const xmp = (words: string[]) =>
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject><rdf:Bag>${words.map((w) => `<rdf:li>${w}</rdf:li>`).join('')}</rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const tall = await sharp({ create: { width: 200, height: 400, channels: 3, background: '#2255cc' } })
      .png()
      .withXmp(xmp(['Harbour', 'Night &amp; day']))
      .toBuffer();
    const asset = await uploadAsset(env(), c, project.id, 'harbour.png', tall);
    const values = (a: { tags: { value: string; source: string }[] }) => a.tags.map((t) => `${t.value}/${t.source}`).sort();
    expect(values(asset)).toEqual(['Blue/AUTO', 'Harbour/AUTO', 'Image/AUTO', 'Night & day/AUTO', 'Portrait/AUTO']);
    expect((await c.post('/tags', { tags: ['harbour', 'Hero'], type: 'add', asset_ids: [asset.id] })).status).toBe(200);
    const wide = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#22aa44' } })
      .png()
      .toBuffer();
    const up = await upload(c, { projectId: project.id, name: 'wide.png', bytes: wide });
    const revised = await c.post(`/asset/${asset.id}/revision`, { file_id: up.body.data.file_id });
    expect(revised.status, JSON.stringify(revised.body)).toBeLessThan(300);
    await env().drainJobs();
    const after = (await c.get(`/asset/${asset.id}`)).body.data;
    expect(values(after)).toEqual(['Green/AUTO', 'Harbour/MANUAL', 'Hero/MANUAL', 'Image/AUTO', 'Landscape/AUTO']);
  });

  it('auto-orients: an EXIF-rotated photo has swapped dimensions and an upright preview', async () => {
    const { project, c } = await setup();
    const rotated = await sharp(await halves(300, 200, '#ff0000', '#0000ff', 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const asset = await uploadAsset(env(), c, project.id, 'rotated.jpg', rotated);
    expect([asset.width, asset.height]).toEqual([200, 300]);
    const rev = await revisionOf(asset);
    const pm = await sharp(readFileSync(join(dataDir(), 'files', rev.previewKey ?? ''))).metadata();
    expect([pm.width, pm.height, pm.orientation]).toEqual([200, 300, undefined]);
    // Orientation 6 turns the left (red) half to the top.
    const { data } = await sharp(readFileSync(join(dataDir(), 'files', rev.previewKey ?? '')))
      .extract({ left: 100, top: 20, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('keeps the alpha of transparent images and reports it in the background colour', async () => {
    const { project, c } = await setup();
    const png = await sharp({ create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const asset = await uploadAsset(env(), c, project.id, 'half.png', png);
    // The dominant colour is a histogram bin (steps of 16), so it is near, not exactly, the fill.
    const [r, g, b, a] = (asset.preview_background_color.match(/^rgba\((\d+),(\d+),(\d+),([\d.]+)\)$/) ?? []).slice(1).map(Number);
    expect(r).toBeLessThan(16);
    expect(g).toBeLessThan(16);
    expect(b).toBeGreaterThan(240);
    expect(a).toBe(0.5);
    const rev = await revisionOf(asset);
    expect(rev.metadata.has_alpha).toBe(true);
  });

  it('fails an image over the pixel limit with a clear message', async () => {
    const { project, c } = await setup();
    const config = env().started.app.config;
    const saved = config.imageMaxPixels;
    config.imageMaxPixels = 1_000_000;
    try {
      const big = await jpeg(1100, 1000);
      const asset = await uploadAsset(env(), c, project.id, 'big.jpg', big);
      expect(asset.status).toBe('PROCESSING_FAILED');
      expect(asset.processing_error).toBe('Image has more than 1 megapixels');
      const rev = await revisionOf(asset);
      expect(rev).toMatchObject({ status: 'PROCESSING_FAILED', processingError: 'Image has more than 1 megapixels', previewKey: null });
    } finally {
      config.imageMaxPixels = saved;
    }
  });

  it('fails a corrupt image at once, without retries', async () => {
    const { project, c } = await setup();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const corrupt = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const asset = await uploadAsset(env(), c, project.id, 'broken.png', corrupt);
    expect(asset.status).toBe('PROCESSING_FAILED');
    expect(asset.processing_error).toBe('The image could not be read');
  });

  it('rasterises SVGs sharply and keeps their own size', async () => {
    const { project, c } = await setup('ICONLIBRARY');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="12"><rect width="24" height="12" fill="#00ff00"/></svg>',
    );
    const asset = await uploadAsset(env(), c, project.id, 'bar.svg', svg);
    expect(asset).toMatchObject({ status: 'FINISHED', width: 24, height: 12 });
    const rev = await revisionOf(asset);
    expect(rev.metadata.preview_width).toBe(2048);
    expect(asset.preview_background_color).toMatch(/^rgba\(\d,2\d\d,\d,1\)$/);
  });

  it('processes a PDF: page count, page size and a first-page preview', async () => {
    const { project, c } = await setup('DOCUMENTLIBRARY');
    const asset = await uploadAsset(env(), c, project.id, 'brochure.pdf', await pdf(3));
    expect(asset).toMatchObject({ status: 'FINISHED', type: 'Document', page_count: 3, width: 300, height: 400 });
    const rev = await revisionOf(asset);
    const pm = await sharp(readFileSync(join(dataDir(), 'files', rev.previewKey ?? ''))).metadata();
    expect(pm.format).toBe('webp');
    expect(pm.width).toBe(1200);
    expect(pm.height).toBe(1600);
    const thumb = await fetchBytes(c, asset.thumbnail_url, { accept: 'image/webp' });
    expect(thumb.status).toBe(200);
    expect((await sharp(thumb.bytes).metadata()).width).toBe(400);
  });

  it('fails an unreadable PDF with a message', async () => {
    const { project, c } = await setup('DOCUMENTLIBRARY');
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x41)]);
    const asset = await uploadAsset(env(), c, project.id, 'broken.pdf', broken);
    expect(asset.status).toBe('PROCESSING_FAILED');
    expect(asset.processing_error).toMatch(/PDF/);
  });

  it('processes a video: duration, size and a poster frame', async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'clip.mp4', await video(2));
    expect(asset).toMatchObject({ status: 'FINISHED', type: 'Video', width: 320, height: 240 });
    expect(asset.duration).toBeCloseTo(2, 0);
    const rev = await revisionOf(asset);
    const pm = await sharp(readFileSync(join(dataDir(), 'files', rev.previewKey ?? ''))).metadata();
    expect([pm.format, pm.width, pm.height]).toEqual(['webp', 320, 240]);
    expect(rev.perceptualHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('processes audio: duration, no preview (the file icon is shown)', async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'tone.wav', await audio(1));
    expect(asset).toMatchObject({ status: 'FINISHED', type: 'Audio', width: null, height: null });
    expect(asset.duration).toBeCloseTo(1, 1);
    expect(asset.preview_url).toBe('/api/file-icon/file-wav.svg');
    const rev = await revisionOf(asset);
    expect(rev.previewKey).toBeNull();
  });

  it('gives other files no preview and finishes them', async () => {
    const { project, c } = await setup('DOCUMENTLIBRARY');
    const asset = await uploadAsset(env(), c, project.id, 'notes.txt', Buffer.from('hello\n'));
    expect(asset.status).toBe('FINISHED');
    expect(asset.thumbnail_url).toBe('/api/file-icon/file-txt.svg');
  });
  it('processes a phone HEIC (HEVC): size, allow-listed EXIF, preview, colour and hash like other images', async () => {
    const { project, c } = await setup();
    const picture = await halves(640, 480, '#ff0000', '#0000ff');
    // An EXIF block as cameras write it (made by sharp into a JPEG, then carried into the HEIC's Exif item).
    const tagged = await sharp(await jpeg(8, 8))
      .jpeg()
      .withExif({
        IFD0: { Make: 'Apple', Model: 'iPhone 15' },
        IFD2: { DateTimeOriginal: '2024:05:06 07:08:09' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    const { exif } = await sharp(tagged).metadata();
    const asset = await uploadAsset(env(), c, project.id, 'IMG_0001.HEIC', await heic(picture, { exif }));
    expect(asset).toMatchObject({ status: 'FINISHED', type: 'Image', extension: 'heic', width: 640, height: 480, color_space: 'RGB' });
    expect(asset.file_created_at).toBe('2024-05-06T07:08:09.000Z');
    expect(asset.preview_url).toMatch(/^\/media\//);
    const rev = await revisionOf(asset);
    expect(rev.metadata.exif).toMatchObject({ Make: 'Apple', Model: 'iPhone 15' });
    expect(JSON.stringify(rev.metadata)).not.toMatch(/GPS/);
    // The hash is the one of the same picture decoded anywhere else.
    const { data, info } = await sharp(picture).raw().toBuffer({ resolveWithObject: true });
    const expected = await perceptualHash({ data, info: { width: info.width, height: info.height, channels: info.channels as 3 } });
    expect(hammingDistance(rev.perceptualHash ?? '', expected)).toBeLessThanOrEqual(2);
    expect(asset.preview_background_color).toMatch(/^rgba\(\d+,\d+,\d+,1\)$/);
    const master = readFileSync(join(dataDir(), 'files', rev.previewKey ?? ''));
    const mm = await sharp(master).metadata();
    expect([mm.format, mm.width, mm.height, mm.exif]).toEqual(['webp', 640, 480, undefined]);
    const served = await fetchBytes(c, asset.thumbnail_url, { accept: 'image/webp' });
    expect(served.status).toBe(200);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
    const { data: px } = await sharp(served.bytes)
      .extract({ left: 300, top: 150, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(px[2]).toBeGreaterThan(200);
    expect(px[0]).toBeLessThan(50);
  });

  it('fails a HEIC over the pixel limit, and a corrupt one, with clear messages', async () => {
    const { project, c } = await setup();
    const config = env().started.app.config;
    const saved = config.imageMaxPixels;
    config.imageMaxPixels = 1_000_000;
    try {
      const big = await uploadAsset(env(), c, project.id, 'big.heic', await heic(await jpeg(1200, 1000)));
      expect(big).toMatchObject({ status: 'PROCESSING_FAILED', processing_error: 'Image has more than 1 megapixels' });
    } finally {
      config.imageMaxPixels = saved;
    }
    const good = await heic(await jpeg(320, 240));
    // The container is intact (the magic bytes pass), the coded picture is cut off.
    const cut = await uploadAsset(env(), c, project.id, 'cut.heic', good.subarray(0, good.length - Math.floor((good.length * 2) / 3)));
    expect(cut).toMatchObject({ status: 'PROCESSING_FAILED', processing_error: 'The image could not be read' });
  });
});
