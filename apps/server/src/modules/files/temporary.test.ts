import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { CONNECTION_IDLE_MS } from '../../http/limits.js';
import { prepare } from '../../server.js';
import { removeLeftoverTemporaryFiles, SHARED_TEMPORARY_IDLE_MS } from './temporary.js';
import { TUS_STALE_MS, tusDirectory } from './tus.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir() {
  const d = mkdtempSync(join(tmpdir(), 'emblem-temporary-'));
  dirs.push(d);
  mkdirSync(join(d, 'tmp'), { recursive: true });
  mkdirSync(tusDirectory(d), { recursive: true });
  return d;
}

/** Writes `bytes` bytes at `path`, last modified `ageMs` ago. */
function file(path: string, bytes: number, ageMs = 0) {
  writeFileSync(path, randomBytes(bytes));
  if (ageMs) {
    const when = new Date(Date.now() - ageMs);
    utimesSync(path, when, when);
  }
  return path;
}

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** Leftovers of a crash: an upload being stored, a spooled multipart body, preview pixels, tus uploads. */
function leftovers(d: string) {
  const tmp = join(d, 'tmp');
  const tus = tusDirectory(d);
  return {
    part: file(join(tmp, 'a.part'), 1000),
    spooled: file(join(tmp, 'b.upload'), 2000),
    pixels: file(join(tmp, 'emblem-derive-c.v'), 3000),
    oldPart: file(join(tmp, 'd.part'), 400, SHARED_TEMPORARY_IDLE_MS + 60_000),
    recentPart: file(join(tmp, 'e.part'), 500, SHARED_TEMPORARY_IDLE_MS - 60_000),
    // An unfinished tus upload a client may resume, and one abandoned for longer than the tus expiry.
    tusData: file(join(tus, 'fresh'), 700, 60_000),
    tusMeta: file(join(tus, 'fresh.json'), 100, 60_000),
    staleTusData: file(join(tus, 'stale'), 800, TUS_STALE_MS + 60_000),
    staleTusMeta: file(join(tus, 'stale.json'), 50, TUS_STALE_MS + 60_000),
  };
}

describe('removeLeftoverTemporaryFiles', () => {
  it('alone on DATA_DIR: removes every temporary file, keeps resumable tus uploads, and logs what it removed', async () => {
    const d = dataDir();
    const f = leftovers(d);
    mkdirSync(join(d, 'tmp', 'other'));
    const nested = file(join(d, 'tmp', 'other', 'kept'), 10);
    const { log, lines } = logCapture();

    const removed = await removeLeftoverTemporaryFiles(
      { storage: { tempDir: () => join(d, 'tmp') }, dataDir: d, log },
      { exclusive: true },
    );

    expect(removed).toEqual({ files: 7, bytes: 1000 + 2000 + 3000 + 400 + 500 + 800 + 50 });
    for (const gone of [f.part, f.spooled, f.pixels, f.oldPart, f.recentPart, f.staleTusData, f.staleTusMeta]) {
      expect(existsSync(gone), gone).toBe(false);
    }
    for (const kept of [f.tusData, f.tusMeta, nested]) expect(existsSync(kept), kept).toBe(true);
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'removed leftover temporary files', files: 7, bytes: 7750 })]);
  });

  it('sharing DATA_DIR: removes only files untouched for longer than any live upload stays idle', async () => {
    const d = dataDir();
    const f = leftovers(d);
    const { log, lines } = logCapture();

    const removed = await removeLeftoverTemporaryFiles(
      { storage: { tempDir: () => join(d, 'tmp') }, dataDir: d, log },
      { exclusive: false },
    );

    expect(removed).toEqual({ files: 3, bytes: 400 + 800 + 50 });
    for (const gone of [f.oldPart, f.staleTusData, f.staleTusMeta]) expect(existsSync(gone), gone).toBe(false);
    for (const kept of [f.part, f.spooled, f.pixels, f.recentPart, f.tusData, f.tusMeta]) expect(existsSync(kept), kept).toBe(true);
    expect(lines).toEqual([expect.objectContaining({ level: 30, files: 3, bytes: 1250 })]);
  });

  it('waits longer than a connection may stay idle', () => {
    expect(SHARED_TEMPORARY_IDLE_MS).toBeGreaterThan(CONNECTION_IDLE_MS);
  });

  it('copes with missing directories', async () => {
    const d = mkdtempSync(join(tmpdir(), 'emblem-temporary-'));
    dirs.push(d);
    const { log } = logCapture();
    const removed = await removeLeftoverTemporaryFiles(
      { storage: { tempDir: () => join(d, 'nothing') }, dataDir: d, log },
      { exclusive: true },
    );
    expect(removed).toEqual({ files: 0, bytes: 0 });
  });
});

describe('start-up', () => {
  async function startOn(d: string, databaseUrl?: string) {
    const config = loadConfig(
      { DATA_DIR: d, LOG_LEVEL: 'silent', SESSION_SECRET: randomBytes(32).toString('hex') },
      { databaseUrl, runJobs: false },
    );
    const started = await prepare(config, { pgliteDir: 'memory://', seed: false });
    const idleTimeout = started.app.server.timeout;
    await started.stop();
    return { idleTimeout };
  }

  it('on PGlite removes fresh temporary files of the previous run', async () => {
    const d = dataDir();
    const part = file(join(d, 'tmp', 'left.part'), 100);
    const { idleTimeout } = await startOn(d);
    expect(existsSync(part)).toBe(false);
    // The idle limit SHARED_TEMPORARY_IDLE_MS relies on.
    expect(idleTimeout).toBe(CONNECTION_IDLE_MS);
  });

  it.skipIf(!inject('pgUrl'))('on PostgreSQL keeps fresh temporary files (another process may own them) and removes old ones', async () => {
    const d = dataDir();
    const fresh = file(join(d, 'tmp', 'fresh.part'), 100);
    const old = file(join(d, 'tmp', 'old.part'), 100, SHARED_TEMPORARY_IDLE_MS + 60_000);
    const name = `emblem_test_tmp_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(inject('pgUrl'));
      url.pathname = `/${name}`;
      await startOn(d, url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(old)).toBe(false);
  });
});
