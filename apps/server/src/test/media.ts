import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeBase64Id } from '@emblem/core';
import { count, eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { files } from '../db/schema.js';
import { runFfmpeg } from '../modules/media/tools.js';
import type { Client, Json, TestEnv } from './harness.js';

/** Fixtures made in the test, and helpers to upload them through the real HTTP API. */

export async function jpeg(width: number, height: number, color = '#3366aa'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Left half `left`, right half `right`. */
export async function halves(width: number, height: number, left: string, right: string, format: 'png' | 'jpeg' = 'png') {
  const half = await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: right } })
    .png()
    .toBuffer();
  const img = sharp({ create: { width, height, channels: 3, background: left } }).composite([
    { input: half, left: Math.ceil(width / 2), top: 0 },
  ]);
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 95 }).toBuffer();
}

/** A transparent square with an opaque circle (an icon). */
export async function iconPng(size = 64): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="#000"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([300, 400]);
    page.drawRectangle({ x: 0, y: 0, width: 300, height: 400, color: rgb(0.1, 0.3 + i * 0.2, 0.6) });
    page.drawText(`Page ${i + 1}`, { x: 40, y: 300, size: 32, font, color: rgb(1, 1, 1) });
  }
  return Buffer.from(await doc.save());
}

async function ffmpegFixture(args: string[], ext: string): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'emblem-fixture-'));
  try {
    const out = join(dir, `out.${ext}`);
    const res = await runFfmpeg([...args, '-y', out]);
    if (res.code !== 0) throw new Error(`ffmpeg failed: ${res.stderr.slice(-500)}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function video(seconds = 2): Promise<Buffer> {
  return ffmpegFixture(
    [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=320x240:rate=10`,
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
    ],
    'mp4',
  );
}

export function audio(seconds = 1): Promise<Buffer> {
  return ffmpegFixture(['-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`], 'wav');
}

export interface UploadOptions {
  projectId?: number | string;
  name: string;
  bytes: Buffer;
  /** Send the form fields after the file part. */
  fieldsAfter?: boolean;
  extraFields?: Record<string, string>;
  prefix?: '/api' | '/v1';
}

/** `POST /upload` as multipart, with the client's session (or bearer token). */
export async function upload(c: Client, opts: UploadOptions): Promise<Json> {
  const form = new FormData();
  const fields: [string, string][] = [
    ...(opts.projectId !== undefined ? [['project_id', String(opts.projectId)] as [string, string]] : []),
  ];
  for (const [k, v] of Object.entries(opts.extraFields ?? {})) fields.push([k, v]);
  if (!opts.fieldsAfter) for (const [k, v] of fields) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(opts.bytes)]), opts.name);
  if (opts.fieldsAfter) for (const [k, v] of fields) form.append(k, v);
  const headers: Record<string, string> = {};
  if (c.cookie) headers.cookie = c.cookie;
  if (c.csrf) headers['x-csrf-token'] = c.csrf;
  if (c.opts.bearer) headers.authorization = `Bearer ${c.opts.bearer}`;
  const res = await fetch(`${c.base}${opts.prefix ?? c.opts.prefix ?? '/api'}/upload`, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body };
}

export const UPLOAD_FILE =
  'mutation($i: UploadFileInput!) { uploadFile(input: $i) { file { id name extension size mimeType genericUrl } } }';

export type GraphqlPart = [name: string, value: string] | [name: string, bytes: Buffer, filename: string];

/** POST /graphql-internal as a multipart form, with the client's session (and CSRF token) or bearer token. */
export async function graphqlMultipart(c: Client, parts: GraphqlPart[], opts: { csrf?: boolean } = {}): Promise<Json> {
  const form = new FormData();
  for (const p of parts) {
    if (p.length === 2) form.append(p[0], p[1]);
    else form.append(p[0], new Blob([new Uint8Array(p[1])]), p[2]);
  }
  const headers: Record<string, string> = {};
  if (c.cookie) headers.cookie = c.cookie;
  if (c.csrf && opts.csrf !== false) headers['x-csrf-token'] = c.csrf;
  if (c.opts.bearer) headers.authorization = `Bearer ${c.opts.bearer}`;
  const res = await fetch(`${c.base}/graphql-internal`, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body };
}

/** The usual request of the spec: operations with `null` for the file, the map, then the file. */
export function graphqlUpload(c: Client, projectId: number | string, name: string, bytes: Buffer, opts: { csrf?: boolean } = {}) {
  const id = typeof projectId === 'number' ? encodeBase64Id('Project', projectId) : projectId;
  return graphqlMultipart(
    c,
    [
      ['operations', JSON.stringify({ query: UPLOAD_FILE, variables: { i: { projectId: id, file: null } } })],
      ['map', JSON.stringify({ 0: ['variables.i.file'] })],
      ['0', bytes, name],
    ],
    opts,
  );
}

/** Uploads a file, makes an asset of it and runs its processing. */
export async function uploadAsset(env: TestEnv, c: Client, projectId: number, name: string, bytes: Buffer, title?: string) {
  const up = await upload(c, { projectId, name, bytes });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const created = await c.post('/asset', { file_id: up.body.data.file_id, project_id: projectId, ...(title ? { title } : {}) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await env.drainJobs();
  const asset = await c.get(`/asset/${created.body.data.id}?include_urls=true`);
  expect(asset.status).toBe(200);
  return asset.body.data;
}

/** A GET of a path with raw bytes back (media, downloads). */
export async function fetchBytes(c: Client, path: string, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { ...headers };
  if (c.cookie) h.cookie = c.cookie;
  if (c.opts.bearer) h.authorization = `Bearer ${c.opts.bearer}`;
  const res = await fetch(`${c.base}${path}`, { headers: h });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

/** Every file stored under DATA_DIR/files/<sub>. */
export function storedObjects(env: TestEnv, sub = 'originals'): string[] {
  const root = join(env.started.app.config.dataDir, 'files', sub);
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(root);
  return out;
}

export async function fileRowCount(env: TestEnv, accountId: number): Promise<number> {
  const [row] = await env.started.database.db.select({ n: count() }).from(files).where(eq(files.accountId, accountId));
  return Number(row?.n ?? 0);
}

/** Reads every entry of a ZIP (names in order, contents) with yauzl. */
export function unzip(buffer: Buffer): Promise<{ name: string; data: Buffer; compressed: boolean; crc32: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: { name: string; data: Buffer; compressed: boolean; crc32: number }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks), compressed: entry.compressionMethod !== 0, crc32: entry.crc32 });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A new account's owner, signed in, with one project of `type`: the start of most upload and media tests. */
export async function ownerWithProject(env: TestEnv, type = 'MEDIALIBRARY') {
  const { owner, accountId } = await env.factories.account();
  const project = await env.factories.project(owner.actor, { type });
  return { owner, accountId, project, c: await env.signIn(owner) };
}

/** Runs `fn` and checks that it left no file row and no stored original behind. */
export async function leavesNothing(env: TestEnv, accountId: number, fn: () => Promise<void>) {
  const rows = await fileRowCount(env, accountId);
  const objects = storedObjects(env).length;
  await fn();
  expect(await fileRowCount(env, accountId)).toBe(rows);
  expect(storedObjects(env)).toHaveLength(objects);
}
