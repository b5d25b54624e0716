import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { forEachBackend } from '../test/harness.js';
import { iconPng, ownerWithProject, uploadAsset } from '../test/media.js';
import { COMPRESS_THRESHOLD } from './compression.js';

/** A built web app of our own: index.html, one hashed script with its .br and .gz beside it, as the build leaves them. */
const dist = mkdtempSync(join(tmpdir(), 'emblem-web-dist-'));
const SCRIPT = `${'export const greeting = "Hello from a hashed script";\n'.repeat(200)}`;
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head><meta name="csrf-token" content="" /><title>Emblem</title></head><body>${'<p>Emblem</p>'.repeat(200)}</body></html>`,
);
writeFileSync(join(dist, 'assets/app-Ab12Cd34.js'), SCRIPT);
writeFileSync(join(dist, 'assets/app-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(dist, 'assets/app-Ab12Cd34.js.gz'), gzipSync(SCRIPT));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add Accept-Encoding and decode): the bytes as sent. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const varies = (r: Raw) =>
  String(r.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

forEachBackend(
  'compression',
  (env) => {
    it('sends the build’s brotli file when the browser accepts br, gzip otherwise, the file itself without Accept-Encoding', async () => {
      const br = await rawGet(env().base, '/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(varies(br)).toBe(true);
      expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

      const gz = await rawGet(env().base, '/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(varies(gz)).toBe(true);
      expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

      const plain = await rawGet(env().base, '/assets/app-Ab12Cd34.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(SCRIPT);
    });

    it('caches hashed assets for a year, immutable; the page (HTML) is not stored', async () => {
      const asset = await rawGet(env().base, '/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await rawGet(env().base, '/auth', { 'accept-encoding': 'br' });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
    });

    it('compresses the page and large API answers on the fly, br or gzip; small answers go as they are', async () => {
      const page = await rawGet(env().base, '/auth', { 'accept-encoding': 'br' });
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.body).toString()).toMatch(/<meta name="csrf-token"[^>]*>.*<title>Emblem<\/title>/);

      const { c, project } = await ownerWithProject(env());
      const asset = await uploadAsset(env(), c, project.id, 'icon.png', await iconPng());
      const path = `/api/asset/${asset.id}?include_urls=true`;
      const headers = { cookie: c.cookie ?? '' };
      const plain = await rawGet(env().base, path, headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
      const br = await rawGet(env().base, path, { ...headers, 'accept-encoding': 'br;q=1, gzip;q=0.5' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(varies(br)).toBe(true);
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
      const gz = await rawGet(env().base, path, { ...headers, 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));

      const small = await rawGet(env().base, '/api/health', { 'accept-encoding': 'br, gzip' });
      expect(small.status).toBe(200);
      expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD);
      expect(small.headers['content-encoding']).toBeUndefined();
    });

    it('sends a user’s file as it is stored, whole or a range, even when it would compress well', async () => {
      const { c, project } = await ownerWithProject(env());
      const rects = Array.from({ length: 400 }, (_, i) => `<rect x="${i % 20}" y="${Math.floor(i / 20)}" width="1" height="1"/>`);
      const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">${rects.join('')}</svg>`);
      const asset = await uploadAsset(env(), c, project.id, 'grid.svg', svg);
      const path = `/api/asset/${asset.id}/download`;
      const cookie = { cookie: c.cookie ?? '' };
      const stored = await rawGet(env().base, path, cookie);
      expect(stored.status).toBe(200);
      expect(stored.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);

      const whole = await rawGet(env().base, path, { ...cookie, 'accept-encoding': 'br, gzip' });
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(whole.headers['content-encoding']).toBeUndefined();
      expect(whole.headers['content-length']).toBe(String(stored.body.length));
      expect(whole.body.equals(stored.body)).toBe(true);

      const part = await rawGet(env().base, path, { ...cookie, 'accept-encoding': 'br, gzip', range: 'bytes=0-1499' });
      expect(part.status).toBe(206);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.body.equals(stored.body.subarray(0, 1500))).toBe(true);
    });
  },
  { webDistDir: dist },
);
