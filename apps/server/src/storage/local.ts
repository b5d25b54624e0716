import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BufferPool } from './buffer-pool.js';
import { ObjectTooLargeError, type Storage, type StoredObject } from './storage.js';

/** The chunk size of storage reads (and of a download's reusable buffers). */
export const READ_CHUNK = 512 * 1024;
/** Stored files are written in pieces of about this size (see put). */
const WRITE_BATCH = 1024 * 1024;

/** A file read into a pool's buffers, one chunk at a time (see BufferPool). */
class PooledFileReader extends Readable {
  private file: FileHandle | null = null;

  constructor(
    private readonly path: string,
    private readonly pool: BufferPool,
  ) {
    // One chunk ahead at most: the pool's buffers are the memory of the stream.
    super({ highWaterMark: pool.size });
  }

  override _construct(callback: (err?: Error | null) => void) {
    open(this.path, 'r').then((file) => {
      this.file = file;
      callback();
    }, callback);
  }

  override _read() {
    const file = this.file;
    if (!file) return;
    const buf = this.pool.take();
    file.read(buf, 0, buf.length, null).then(
      ({ bytesRead }) => {
        if (this.destroyed || bytesRead === 0) {
          this.pool.release(buf);
          if (!this.destroyed) this.push(null);
          return;
        }
        this.push(bytesRead === buf.length ? buf : buf.subarray(0, bytesRead));
      },
      (err: Error) => {
        this.pool.release(buf);
        this.destroy(err);
      },
    );
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void) {
    const file = this.file;
    this.file = null;
    if (!file) return callback(err);
    file.close().then(
      () => callback(err),
      () => callback(err),
    );
  }
}

/** Files on the local disk under DATA_DIR/files. */
export class LocalStorage implements Storage {
  private readonly root: string;
  private readonly tmp: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'files');
    this.tmp = resolve(dataDir, 'tmp');
    mkdirSync(this.root, { recursive: true });
    mkdirSync(this.tmp, { recursive: true });
  }

  private pathOf(key: string): string {
    if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
    const full = resolve(this.root, key);
    if (!full.startsWith(this.root + sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Readable, opts: { maxBytes?: number } = {}): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = join(this.tmp, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const max = opts.maxBytes ?? Number.POSITIVE_INFINITY;
    // Network reads arrive in chunks of 64 KiB or less; they are written in batches of WRITE_BATCH, which takes
    // a tenth of the write calls (and of their cost on the event loop) for the same bytes.
    let batch: Buffer[] = [];
    let batched = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > max) return done(new ObjectTooLargeError(max));
        hash.update(chunk);
        batch.push(chunk);
        batched += chunk.length;
        if (batched < WRITE_BATCH) return done();
        const out = Buffer.concat(batch, batched);
        batch = [];
        batched = 0;
        done(null, out);
      },
      flush(done) {
        done(null, batched ? Buffer.concat(batch, batched) : null);
      },
    });
    try {
      await pipeline(body, meter, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { size, sha256: hash.digest('hex') };
  }

  read(key: string, range?: { start: number; end: number }, opts: { pool?: BufferPool } = {}): Readable {
    if (opts.pool && !range) return new PooledFileReader(this.pathOf(key), opts.pool);
    // 512 KiB reads: downloads and ZIPs stream about twice as fast as with the default 64 KiB.
    return createReadStream(this.pathOf(key), { highWaterMark: READ_CHUNK, ...(range ? { start: range.start, end: range.end } : {}) });
  }

  async stat(key: string) {
    try {
      const s = await stat(this.pathOf(key));
      return { size: s.size };
    } catch {
      return null;
    }
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string) {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async localPath(key: string) {
    return { path: this.pathOf(key), release: async () => {} };
  }

  tempDir() {
    return this.tmp;
  }
}

/** A fresh key for an original upload, spread over directories. */
export function newOriginalKey(): string {
  const id = randomUUID();
  return `originals/${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}
