import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { tusDirectory } from '../modules/files/tus.js';
import { Client } from '../test/harness.js';

/**
 * A real server process (the TypeScript entry through tsx) on embedded PGlite is killed with SIGKILL while two
 * preview jobs run, an upload is being stored and a tus upload is half done; restarted on the same port and
 * DATA_DIR, it takes the jobs back at once, has removed the leftover temporary file, and the tus upload resumes.
 *
 * The jobs are held running deterministically: each stored original is replaced by a named pipe before its
 * asset is created, so the job blocks reading it until the test kills the process; the pipes then become the
 * real files again.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ENTRY = join(ROOT, 'apps/server/src/main.ts');
const EMAIL = 'crash@example.com';
const PASSWORD = 'crash-test-password';
const WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it answers something truthy, for at most WAIT_MS. */
async function waitFor<T>(what: string, check: () => Promise<T> | T, everyMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

interface Running {
  child: ChildProcess;
  /** The JSON log lines written so far. */
  logs(): Record<string, unknown>[];
  output(): string;
}

const children: ChildProcess[] = [];

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return {
    child,
    output: () => out,
    logs: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

async function waitForHealth(base: string, server: Running) {
  await waitFor(`the server at ${base}`, async () => {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}\n${server.output()}`);
    try {
      return (await fetch(`${base}/api/health`)).status === 200;
    } catch {
      return false;
    }
  });
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isFIFO())
    .map((e) => join(e.parentPath, e.name));
}

/** Opens the write end of a named pipe only when a reader has it open (else ENXIO): the job is reading it. */
function writerIfRead(fifo: string): number | null {
  try {
    return openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENXIO') return null;
    throw err;
  }
}

/** Uploads through POST /api/upload; answers the `file_id` that names the upload when creating an asset. */
async function upload(c: Client, projectId: number, name: string, bytes: Buffer): Promise<unknown> {
  const form = new FormData();
  form.append('project_id', String(projectId));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const res = await fetch(`${c.base}/api/upload`, {
    method: 'POST',
    headers: { cookie: c.cookie ?? '', 'x-csrf-token': c.csrf ?? '' },
    body: form,
  });
  const body = (await res.json()) as { data: { file_id: unknown } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.file_id;
}

/** A multipart upload that sends its fields and the start of the file, then stalls (a client mid-upload). */
function stalledUpload(c: Client, projectId: number, bytes: Buffer) {
  const boundary = `----emblem${randomBytes(8).toString('hex')}`;
  const req = request(`${c.base}/api/upload`, {
    method: 'POST',
    headers: {
      cookie: c.cookie ?? '',
      'x-csrf-token': c.csrf ?? '',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  req.on('error', () => {}); // the server dies under it
  req.on('response', (res) => res.resume());
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stalled.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  req.write(bytes.subarray(0, 256 * 1024));
  return req;
}

function tusHeaders(c: Client, extra: Record<string, string> = {}) {
  return { 'tus-resumable': '1.0.0', cookie: c.cookie ?? '', 'x-csrf-token': c.csrf ?? '', ...extra };
}

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  }
});

describe('crash recovery', () => {
  it('after SIGKILL and a restart, takes the running jobs back at once and removes leftover temporary files', {
    timeout: 240_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emblem-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      EMBLEM_ADMIN_EMAIL: EMAIL,
      EMBLEM_ADMIN_PASSWORD: PASSWORD,
      JOB_CONCURRENCY: '2',
    };
    const writers: number[] = [];
    try {
      const images = await Promise.all(
        ['#aa3355', '#3355aa', '#33aa55'].map((background) =>
          sharp({ create: { width: 640, height: 480, channels: 3, background } })
            .png({ compressionLevel: 0 })
            .toBuffer(),
        ),
      );
      const [first, second, big] = images as [Buffer, Buffer, Buffer];

      // First run.
      const one = startServer(env);
      await waitForHealth(base, one);
      const c = new Client(base);
      await c.login(EMAIL, PASSWORD);
      const brand = await c.post('/brand', { name: 'Crash brand' });
      expect(brand.status, JSON.stringify(brand.body)).toBe(201);
      const project = await c.post('/project/add', { name: 'Crash library', brand: brand.body.data.id, project_type: 'MEDIALIBRARY' });
      expect(project.status, JSON.stringify(project.body)).toBe(201);
      const projectId = project.body.data.id as number;

      // Two uploads whose stored originals become named pipes, then their assets (and preview jobs).
      const originals = join(dataDir, 'files', 'originals');
      const pipes: { path: string; bytes: Buffer }[] = [];
      const assetIds: number[] = [];
      for (const [i, bytes] of [first, second].entries()) {
        const before = new Set(filesUnder(originals));
        const fileId = await upload(c, projectId, `photo-${i}.png`, bytes);
        const stored = filesUnder(originals).filter((p) => !before.has(p));
        expect(stored).toHaveLength(1);
        const path = stored[0] as string;
        rmSync(path);
        execFileSync('mkfifo', [path]);
        pipes.push({ path, bytes });
        const asset = await c.post('/asset', { file_id: fileId, project_id: projectId });
        expect(asset.status, JSON.stringify(asset.body)).toBe(201);
        assetIds.push(asset.body.data.id);
      }
      // Both jobs are running once both pipes have a reader; the write ends stay open and silent.
      for (const pipe of pipes) writers.push(await waitFor(`a job reading ${pipe.path}`, () => writerIfRead(pipe.path), 50));

      // An upload being stored (its temporary file exists) and a tus upload half done.
      const tmp = join(dataDir, 'tmp');
      const partsBefore = new Set(readdirSync(tmp));
      const stalled = stalledUpload(c, projectId, big);
      const leftover = await waitFor('the stalled upload to be stored', () =>
        readdirSync(tmp).find((n) => n.endsWith('.part') && !partsBefore.has(n)),
      );
      const created = await fetch(`${base}/api/upload/tus`, {
        method: 'POST',
        headers: tusHeaders(c, {
          'upload-length': String(big.length),
          'upload-metadata': `filename ${Buffer.from('resumed.png').toString('base64')},project_id ${Buffer.from(String(projectId)).toString('base64')}`,
        }),
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location') as string;
      const half = Math.floor(big.length / 2);
      const patched = await fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: tusHeaders(c, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
        body: new Uint8Array(big.subarray(0, half)),
      });
      expect(patched.status).toBe(204);
      expect((await c.get(`/asset/${assetIds[0]}`)).body.data.status).toBe('PROCESSING');

      one.child.kill('SIGKILL');
      await exited(one.child);
      stalled.destroy();
      expect(existsSync(join(tmp, leftover))).toBe(true);
      expect(readdirSync(tusDirectory(dataDir)).length).toBeGreaterThan(0);
      for (const fd of writers.splice(0)) closeSync(fd);
      for (const pipe of pipes) {
        rmSync(pipe.path);
        writeFileSync(pipe.path, pipe.bytes);
      }

      // Second run, same port and DATA_DIR.
      const two = startServer(env);
      await waitForHealth(base, two);
      expect(existsSync(join(tmp, leftover))).toBe(false);
      expect(two.logs().find((l) => l.msg === 'removed leftover temporary files')).toMatchObject({ files: 1, exclusive: true });

      for (const id of assetIds) {
        await waitFor(`asset ${id} to be processed`, async () => {
          const res = await c.get(`/asset/${id}`);
          expect(res.body.data.status).not.toBe('PROCESSING_FAILED');
          return res.body.data.status === 'FINISHED';
        });
      }
      // Taken back at start, not after the lease expired.
      expect(two.logs().filter((l) => l.msg === 'took back the jobs this process held before it stopped')).toEqual([
        expect.objectContaining({ jobs: 2 }),
      ]);

      // The tus upload resumes where it stopped.
      const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: tusHeaders(c) });
      expect(head.headers.get('upload-offset')).toBe(String(half));
      const rest = await fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: tusHeaders(c, { 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }),
        body: new Uint8Array(big.subarray(half)),
      });
      expect(rest.status).toBe(204);
      expect(rest.headers.get('emblem-file-id')).toEqual(expect.any(String));
      expect(rest.headers.get('emblem-file-id')).not.toBe('');

      two.child.kill('SIGTERM');
      await exited(two.child);
      expect(two.child.exitCode).toBe(0);
    } finally {
      for (const fd of writers) closeSync(fd);
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await Promise.all(children.map(exited));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
