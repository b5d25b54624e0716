import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { assets, downloads, events, projects } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';
import { fetchBytes, jpeg, ownerWithProject, pdf, unzip, upload, uploadAsset } from '../../test/media.js';
import { assetFileName, contentDisposition, NameDeduper, safeSegment } from './downloads.js';
import { parseRange } from './routes.js';

/** CRC-32 computed the slow, independent way. */
function referenceCrc32(buf: Buffer): number {
  let crc = -1;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ -1) >>> 0;
}

describe('download names', () => {
  it('sanitises segments and file names', () => {
    expect(safeSegment('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeSegment('..')).toBe('file');
    expect(safeSegment(' a\u0000b\u001fc:d*e?f"g<h>i|j\\k ')).toBe('abc_d_e_f_g_h_i_j_k');
    expect(assetFileName('Logo', 'PNG')).toBe('Logo.png');
    expect(assetFileName('logo.png', 'png')).toBe('logo.png');
    expect(assetFileName('/etc/passwd', 'txt')).toBe('_etc_passwd.txt');
  });
  it('writes RFC 5987 Content-Disposition with an ASCII fallback', () => {
    expect(contentDisposition('Café "menu"; 100%.pdf')).toBe(
      `attachment; filename="Caf_ _menu_; 100_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22menu%22%3B%20100%25.pdf`,
    );
  });
  it('de-duplicates names per folder, case-insensitively', () => {
    const d = new NameDeduper();
    expect(['logo.png', 'Logo.png', 'logo.png', 'README', 'README'].map((n) => d.take('', n))).toEqual([
      'logo.png',
      'Logo (2).png',
      'logo (3).png',
      'README',
      'README (2)',
    ]);
    expect(d.take('Sub', 'logo.png')).toBe('Sub/logo.png');
  });
  it('parses single byte ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('invalid');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange(undefined, 100)).toBeNull();
  });
});

let PHOTO: Buffer;
beforeAll(async () => {
  PHOTO = await jpeg(640, 480, '#2266aa');
});

forEachBackend('downloads', (env) => {
  const db = () => env().started.database.db;

  const setup = (type?: string) => ownerWithProject(env(), type);
  async function downloadEvents(assetId: number) {
    const rows = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'asset:download'), eq(events.subjectId, assetId)));
    return rows;
  }

  it('streams the original with a sanitised attachment name, length, ranges and an event', async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', PHOTO);
    await db().update(assets).set({ title: '../Sommer "2024"\u0007/Strand' }).where(eq(assets.id, asset.id));
    const res = await fetchBytes(c, `/api/asset/${asset.id}/download`);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(PHOTO)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(PHOTO.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_Sommer _2024__Strand.jpg"; filename*=UTF-8''_Sommer%20_2024__Strand.jpg`,
    );
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const part = await fetchBytes(c, `/api/asset/${asset.id}/download`, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${PHOTO.length}`);
    expect(part.bytes.equals(PHOTO.subarray(10, 20))).toBe(true);
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download`, { range: `bytes=${PHOTO.length}-` })).status).toBe(416);
    expect((await downloadEvents(asset.id)).length).toBeGreaterThanOrEqual(2);
  });

  it('downloads an older revision by number', async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', PHOTO);
    const second = await jpeg(100, 100, '#ff0000');
    const up = await upload(c, { projectId: project.id, name: 'v2.jpg', bytes: second });
    expect((await c.post(`/asset/${asset.id}/revision`, { file_id: up.body.data.file_id })).status).toBe(200);
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download`)).bytes.equals(second)).toBe(true);
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?revision=1`)).bytes.equals(PHOTO)).toBe(true);
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?revision=99999`)).status).toBe(404);
  });

  it('converts images to the project custom sizes and ad-hoc widths; refuses other types', async () => {
    const { project, c } = await setup();
    await db()
      .update(projects)
      .set({
        downloadCustomSizes: [
          { name: 'Small', width: 100, height: null, format: 'JPG' },
          { name: 'Square PNG', width: 50, height: 50, format: 'png' },
        ],
      })
      .where(eq(projects.id, project.id));
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', PHOTO, 'Holiday');
    const small = await fetchBytes(c, `/api/asset/${asset.id}/download?size=small`);
    expect(small.status, small.bytes.toString().slice(0, 200)).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/jpeg');
    expect(small.headers.get('content-disposition')).toContain('filename="holiday_100x75.jpg"');
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 100, height: 75 });
    // Stored before sizes had a fit: both sides are honoured by cropping.
    const square = await fetchBytes(c, `/api/asset/${asset.id}/download?size=${encodeURIComponent('Square PNG')}`);
    expect(await sharp(square.bytes).metadata()).toMatchObject({ format: 'png', width: 50, height: 50 });
    expect(square.headers.get('content-disposition')).toContain('filename="holiday_50x50.png"');
    const adhoc = await fetchBytes(c, `/api/asset/${asset.id}/download?width=200&format=webp`);
    expect(await sharp(adhoc.bytes).metadata()).toMatchObject({ format: 'webp', width: 200 });
    // Full size in another format.
    const full = await fetchBytes(c, `/api/asset/${asset.id}/download?format=png`);
    expect(await sharp(full.bytes).metadata()).toMatchObject({ format: 'png', width: 640, height: 480 });
    expect(full.headers.get('content-disposition')).toContain('filename="holiday_640x480.png"');
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?size=Huge`)).status).toBe(400);
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?format=gif`)).status).toBe(400);
    const doc = await uploadAsset(env(), c, project.id, 'doc.pdf', await pdf(1));
    const refused = await fetchBytes(c, `/api/asset/${doc.id}/download?width=100`);
    expect(refused.status).toBe(400);
    expect(refused.json().error).toBe('Only images can be converted');
  });

  describe('derived downloads of a 3000 × 2000 photo', () => {
    let ctx: Awaited<ReturnType<typeof setup>> & { assetId: number };
    const pixel = async (bytes: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const i = (y * info.width + x) * 4;
      return [...data.subarray(i, i + 4)];
    };
    const name = (res: { headers: Headers }) => /filename="([^"]*)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    const addSize = (size: Record<string, unknown>) => ctx.c.post(`/project/${ctx.project.id}/download-custom-sizes`, { size });

    beforeAll(async () => {
      const s = await setup();
      const asset = await uploadAsset(env(), s.c, s.project.id, 'IMG_0001.jpg', await jpeg(3000, 2000, '#2266aa'), 'Beach Sunset Hero');
      ctx = { ...s, assetId: asset.id };
    });

    it('crops a 1080 × 1080 PNG preset to exactly 1080 × 1080 (crop is the default fit)', async () => {
      const added = await addSize({ label: '1080 × 1080 PNG', width: 1080, height: 1080, format: 'png' });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body.savedEntry).toMatchObject({ label: '1080 × 1080 PNG', width: 1080, height: 1080, format: 'png', fit: 'crop' });
      const res = await fetchBytes(ctx.c, `/api/asset/${ctx.assetId}/download?size=${encodeURIComponent('1080 × 1080 PNG')}`);
      expect(res.status, res.bytes.toString().slice(0, 200)).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(await sharp(res.bytes).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1080 });
      expect(name(res)).toBe('beach-sunset-hero_1080x1080.png');
      // Cropped, not padded: the corners are the photo.
      expect((await pixel(res.bytes, 0, 0))[3]).toBe(255);
      // The cached variant answers the same size and name.
      const again = await fetchBytes(ctx.c, `/api/asset/${ctx.assetId}/download?size=${encodeURIComponent('1080 × 1080 png')}`);
      expect(again.bytes.equals(res.bytes)).toBe(true);
      expect(name(again)).toBe('beach-sunset-hero_1080x1080.png');
    });

    it('pads a pad preset: transparent for PNG, white for JPEG', async () => {
      expect((await addSize({ label: 'Square padded', width: 1080, height: 1080, format: 'png', fit: 'PAD' })).status).toBe(201);
      expect((await addSize({ label: 'Square padded JPG', width: 1080, height: 1080, format: 'jpg', fit: 'pad' })).status).toBe(201);
      const png = await fetchBytes(ctx.c, `/api/asset/${ctx.assetId}/download?size=${encodeURIComponent('Square padded')}`);
      expect(png.status).toBe(200);
      expect(await sharp(png.bytes).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1080, hasAlpha: true });
      expect(name(png)).toBe('beach-sunset-hero_1080x1080.png');
      // The photo fits as 1080 × 720, centred: 180 rows of transparent padding above and below.
      expect((await pixel(png.bytes, 540, 100))[3]).toBe(0);
      expect((await pixel(png.bytes, 540, 1000))[3]).toBe(0);
      const middle = await pixel(png.bytes, 540, 540);
      expect(middle[3]).toBe(255);
      expect(Math.abs((middle[2] ?? 0) - 0xaa)).toBeLessThan(8);
      const jpg = await fetchBytes(ctx.c, `/api/asset/${ctx.assetId}/download?size=${encodeURIComponent('Square padded JPG')}`);
      expect(await sharp(jpg.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1080 });
      expect(name(jpg)).toBe('beach-sunset-hero_1080x1080.jpg');
      const corner = await pixel(jpg.bytes, 5, 5);
      expect(corner.slice(0, 3).every((v) => v > 245)).toBe(true);
      // The list answers each size's fit.
      const list = await ctx.c.get(`/project/${ctx.project.id}/download-custom-sizes`);
      expect(list.body.data.map((s: { name: string; fit: string }) => [s.name, s.fit])).toEqual([
        ['1080 × 1080 PNG', 'crop'],
        ['Square padded', 'pad'],
        ['Square padded JPG', 'pad'],
      ]);
      expect((await addSize({ label: 'Stretched', width: 10, height: 10, format: 'png', fit: 'stretch' })).status).toBe(400);
    });

    it('converts to an ad-hoc size and format, keeping the ratio when a side is empty', async () => {
      const res = await fetchBytes(ctx.c, `/api/asset/${ctx.assetId}/download?width=500&height=&format=webp`);
      expect(res.status, res.bytes.toString().slice(0, 200)).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(res.bytes).metadata()).toMatchObject({ format: 'webp', width: 500, height: 333 });
      expect(name(res)).toBe('beach-sunset-hero_500x333.webp');
      const tall = await fetchBytes(ctx.c, `/api/asset/${ctx.assetId}/download?height=400&format=JPG`);
      expect(await sharp(tall.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
      expect(name(tall)).toBe('beach-sunset-hero_600x400.jpg');
      const both = await fetchBytes(ctx.c, `/api/asset/${ctx.assetId}/download?width=300&height=300&format=png&fit=pad`);
      expect(await sharp(both.bytes).metadata()).toMatchObject({ format: 'png', width: 300, height: 300 });
      expect((await pixel(both.bytes, 150, 10))[3]).toBe(0);
      // The original keeps its own name.
      const original = await fetchBytes(ctx.c, `/api/asset/${ctx.assetId}/download`);
      expect(name(original)).toBe('Beach Sunset Hero.jpg');
    });

    it('refuses a bad format, a size beyond the transform limit, mixed parameters, and callers who may not download', async () => {
      const url = (q: string) => `/api/asset/${ctx.assetId}/download?${q}`;
      const gif = await fetchBytes(ctx.c, url('width=500&format=gif'));
      expect(gif.status).toBe(400);
      expect(gif.json().errors.format).toEqual(['Must be jpg, png, webp or avif']);
      const huge = await fetchBytes(ctx.c, url('width=5000&format=png'));
      expect(huge.status).toBe(400);
      expect(huge.json().errors.width).toEqual(['Must be at most 4096 pixels']);
      for (const q of ['width=0', 'height=abc', 'width=12.5', 'fit=stretch&width=10&height=10']) {
        expect((await fetchBytes(ctx.c, url(q))).status, q).toBe(400);
      }
      const mixed = await fetchBytes(ctx.c, url(`size=${encodeURIComponent('Square padded')}&width=100`));
      expect(mixed.status).toBe(400);
      expect(mixed.json().errors.size).toEqual(['Give either a custom size or width, height and format']);
      // Without download rights: the same answers as for the original.
      const stranger = await env().signIn(await env().factories.member(ctx.accountId));
      expect((await fetchBytes(stranger, url(''))).status).toBe(404);
      expect((await fetchBytes(stranger, url('width=500&format=webp'))).status).toBe(404);
      const other = await env().signIn((await env().factories.account()).owner);
      expect((await fetchBytes(other, url('width=500&format=webp'))).status).toBe(404);
      expect((await fetchBytes(env().anon(), url('width=500&format=webp'))).status).toBe(401);
    });
  });

  it('downloads attachments with VIEW on their asset', async () => {
    const { accountId, project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', PHOTO);
    const up = await upload(c, { projectId: project.id, name: 'specs.pdf', bytes: await pdf(1) });
    const att = await c.post('/asset-attachment', { asset_id: asset.id, file_id: up.body.data.file_id });
    expect(att.status, JSON.stringify(att.body)).toBe(201);
    const res = await fetchBytes(c, att.body.data.download_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="specs.pdf"/);
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await env().signIn((await env().factories.account()).owner);
    expect((await fetchBytes(other, att.body.data.download_url)).status).toBe(404);
    expect(accountId).toBeGreaterThan(0);
  });

  it('serves active types (SVG) as sandboxed attachments', async () => {
    const { project, c } = await setup('ICONLIBRARY');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const asset = await uploadAsset(env(), c, project.id, 'icon.svg', svg);
    const res = await fetchBytes(c, `/api/asset/${asset.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="icon.svg"/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('needs VIEW: collaborators download, other accounts get 404, nobody 401', async () => {
    const { accountId, project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', PHOTO);
    const viewer = await env().factories.member(accountId);
    await c.put(`/project/${project.id}/user/${viewer.id}`, { level: 'VIEW' });
    expect((await fetchBytes(await env().signIn(viewer), `/api/asset/${asset.id}/download`)).status).toBe(200);
    const stranger = await env().signIn(await env().factories.member(accountId));
    expect((await fetchBytes(stranger, `/api/asset/${asset.id}/download`)).status).toBe(404);
    const other = await env().signIn((await env().factories.account()).owner);
    expect((await fetchBytes(other, `/api/asset/${asset.id}/download`)).status).toBe(404);
    expect((await fetchBytes(env().anon(), `/api/asset/${asset.id}/download`)).status).toBe(401);
    expect((await other.post('/asset/bulk-download', { asset_ids: [asset.id] })).status).toBe(404);
  });

  it('zips chosen assets with de-duplicated names, stored or deflated by type', async () => {
    const { accountId, project, c } = await setup();
    const a = await uploadAsset(env(), c, project.id, 'logo.png', await sharp(PHOTO).png().toBuffer(), 'logo');
    const b = await uploadAsset(
      env(),
      c,
      project.id,
      'logo2.png',
      await sharp(await jpeg(20, 20))
        .png()
        .toBuffer(),
      'logo',
    );
    const t = await uploadAsset(env(), c, project.id, 'notes.pdf', await pdf(1), '../../evil');
    const res = await c.post('/asset/bulk-download', { asset_ids: [a.id, b.id, t.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      download_url: `/api/download/${res.body.data.token}`,
      count: 3,
      total_bytes: a.size + b.size + t.size,
    });
    const [row] = await db().select().from(downloads).where(eq(downloads.accountId, accountId));
    expect(row?.tokenHash).not.toBe(res.body.data.token);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    // The token is the credential: no session needed.
    const zip = await fetchBytes(env().anon(), res.body.data.download_url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="assets.zip"/);
    const entries = await unzip(zip.bytes);
    expect(entries.map((e) => e.name)).toEqual(['logo.png', 'logo (2).png', '_.._evil.pdf']);
    expect(entries[0]?.data.length).toBe(a.size);
    expect(entries.every((e) => !e.compressed)).toBe(true);
    // Checksums (computed natively) are right.
    for (const e of entries) expect(e.crc32).toBe(referenceCrc32(e.data));
    expect((await downloadEvents(a.id)).length).toBe(1);
  });

  it('zips a folder recursively, keeping its structure, and compresses text', async () => {
    const { project, c } = await setup('DOCUMENTLIBRARY');
    const top = (await c.post(`/set/create/${project.id}`, { name: 'Campaign', parent: null })).body.data.id;
    const sub = (await c.post(`/set/create/${project.id}`, { name: 'Print/Web', parent: top })).body.data.id;
    const other = (await c.post(`/set/create/${project.id}`, { name: 'Other', parent: null })).body.data.id;
    const place = async (name: string, bytes: Buffer, setId: number | null) => {
      const up = await upload(c, { projectId: project.id, name, bytes });
      const created = await c.post('/asset', { file_id: up.body.data.file_id, project_id: project.id, set_id: setId });
      expect(created.status).toBe(201);
      return created.body.data.id as number;
    };
    const text = Buffer.from('hello '.repeat(1000));
    await place('brief.txt', text, top);
    await place('flyer.txt', Buffer.from('flyer'), sub);
    await place('flyer.txt', Buffer.from('flyer 2'), sub);
    await place('elsewhere.txt', Buffer.from('x'), other);
    await place('root.txt', Buffer.from('root'), null);
    // Larger than one read chunk, so its checksum is chained over many chunks.
    const noise = randomBytes(300_000);
    await place('noise.bin', noise, sub);
    await env().drainJobs();
    const folder = await c.post('/asset/bulk-download', { project_id: project.id, set_id: top });
    expect(folder.body.data.count).toBe(4);
    const entries = await unzip((await fetchBytes(c, folder.body.data.download_url)).bytes);
    expect(entries.map((e) => e.name).sort()).toEqual([
      'Print_Web/flyer (2).txt',
      'Print_Web/flyer.txt',
      'Print_Web/noise.bin',
      'brief.txt',
    ]);
    const bin = entries.find((e) => e.name === 'Print_Web/noise.bin');
    expect(bin?.data.equals(noise)).toBe(true);
    expect(bin?.crc32).toBe(referenceCrc32(noise));
    const brief = entries.find((e) => e.name === 'brief.txt');
    expect(brief?.compressed).toBe(true);
    expect(brief?.data.equals(text)).toBe(true);
    const whole = await c.post('/asset/bulk-download', { project_id: project.id });
    const names = (await unzip((await fetchBytes(c, whole.body.data.download_url)).bytes)).map((e) => e.name).sort();
    expect(names).toEqual([
      'Campaign/Print_Web/flyer (2).txt',
      'Campaign/Print_Web/flyer.txt',
      'Campaign/Print_Web/noise.bin',
      'Campaign/brief.txt',
      'Other/elsewhere.txt',
      'root.txt',
    ]);
  });

  it('survives a client that goes away in the middle of a ZIP', async () => {
    const { project, c } = await setup('WORKSPACE');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const up = await upload(c, { projectId: project.id, name: `part-${i}.bin`, bytes: randomBytes(4 * 1048576) });
      ids.push((await c.post('/asset', { file_id: up.body.data.file_id, project_id: project.id })).body.data.id);
    }
    await env().drainJobs();
    const prepared = await c.post('/asset/bulk-download', { asset_ids: ids });
    const controller = new AbortController();
    const res = await fetch(`${env().base}${prepared.body.data.download_url}`, { signal: controller.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    controller.abort();
    await new Promise((r) => setTimeout(r, 200));
    // The server is still there and the link still works.
    const again = await fetchBytes(c, prepared.body.data.download_url);
    expect(again.status).toBe(200);
    expect((await unzip(again.bytes)).map((e) => e.data.length)).toEqual([4 * 1048576, 4 * 1048576, 4 * 1048576]);
  });

  it('streams large stored files byte for byte (reused read buffers) with the announced length', async () => {
    const { project, c } = await setup('WORKSPACE');
    const archives: Buffer[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      // A .zip is stored as it is in the download: its bytes go through the pooled read path.
      const inner = new yazl.ZipFile();
      inner.addBuffer(randomBytes(3 * 1048576 + i * 1000), 'random.bin', { compress: false });
      inner.end();
      const bytes = Buffer.concat(await (inner.outputStream as Readable).toArray());
      archives.push(bytes);
      const up = await upload(c, { projectId: project.id, name: `archive-${i}.zip`, bytes });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      ids.push((await c.post('/asset', { file_id: up.body.data.file_id, project_id: project.id })).body.data.id);
    }
    await env().drainJobs();
    const prepared = await c.post('/asset/bulk-download', { asset_ids: ids });
    const zip = await fetchBytes(c, prepared.body.data.download_url);
    expect(zip.status).toBe(200);
    expect(Number(zip.headers.get('content-length'))).toBe(zip.bytes.length);
    const entries = await unzip(zip.bytes);
    expect(entries.map((e) => [e.name, e.compressed])).toEqual([
      ['archive-0.zip', false],
      ['archive-1.zip', false],
    ]);
    for (const [i, e] of entries.entries()) expect(e.data.equals(archives[i] ?? Buffer.alloc(0))).toBe(true);
  });

  it('refuses bad requests and expired or unknown tokens', async () => {
    const { project, c } = await setup();
    const a = await uploadAsset(env(), c, project.id, 'photo.jpg', PHOTO);
    expect((await c.post('/asset/bulk-download', {})).status).toBe(400);
    expect((await c.post('/asset/bulk-download', { asset_ids: [a.id], project_id: project.id })).status).toBe(400);
    expect((await c.post('/asset/bulk-download', { asset_ids: [a.id, 999999] })).status).toBe(404);
    expect((await c.post('/asset/bulk-download', { project_id: project.id, set_id: 999999 })).status).toBe(400);
    const ok = await c.post('/asset/bulk-download', { asset_ids: [a.id] });
    await db()
      .update(downloads)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(downloads.userId, (await c.get('/user/info')).body.data.id));
    const expired = await fetchBytes(c, ok.body.data.download_url);
    expect(expired.status).toBe(404);
    expect(expired.json().error).toBe('This download link has expired or does not exist');
    expect((await fetchBytes(c, `/api/download/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await fetchBytes(c, '/api/download/short')).status).toBe(400);
  });
});
