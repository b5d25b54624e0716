import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BufferPool } from '../../storage/buffer-pool.js';
import { LocalStorage, READ_CHUNK } from '../../storage/local.js';
import { unzip } from '../../test/media.js';
import { type ZipEntry, zipStream } from './downloads.js';

const dir = mkdtempSync(join(tmpdir(), 'emblem-zip-'));
const storage = new LocalStorage(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A socket that takes its bytes late: like a kernel write, it reads the chunk's memory only when the write
 * completes (a few milliseconds later). A buffer reused before its write completed shows up as wrong bytes.
 */
function lateSocket() {
  const received: Buffer[] = [];
  let writes = 0;
  const socket = new Writable({
    highWaterMark: 256 * 1024,
    write(chunk: Buffer, _encoding, done) {
      writes++;
      setTimeout(() => {
        received.push(Buffer.from(chunk));
        done();
      }, writes % 3);
    },
  });
  const finished = new Promise<Buffer>((resolve, reject) => {
    socket.on('finish', () => resolve(Buffer.concat(received)));
    socket.on('error', reject);
  });
  return { socket, finished };
}

async function store(name: string, bytes: Buffer): Promise<ZipEntry & { bytes: Buffer }> {
  const key = `originals/zz/${name}`;
  await storage.put(key, Readable.from([bytes]));
  return { name, storageKey: key, size: bytes.length, compress: false, mtime: new Date('2024-05-01T10:00:00Z'), bytes };
}

describe('ZIP streaming through reused buffers', () => {
  it('writes stored entries byte for byte while reusing a few read buffers', async () => {
    const entries = [
      await store('a.zip', randomBytes(9 * READ_CHUNK + 123)),
      await store('b.jpg', randomBytes(8 * READ_CHUNK)),
      await store('c.mp4', randomBytes(10)),
      { ...(await store('d.txt', Buffer.from('line of text\n'.repeat(100_000)))), compress: true },
      await store('e.png', randomBytes(6 * READ_CHUNK + 1)),
    ];
    const pool = new BufferPool(READ_CHUNK);
    const { stream, size } = zipStream(storage, entries, pool);
    const { socket, finished } = lateSocket();
    stream.pipe(socket);
    const zip = await finished;
    const files = await unzip(zip);
    expect(files.map((f) => f.name)).toEqual(['a.zip', 'b.jpg', 'c.mp4', 'd.txt', 'e.png']);
    for (const [i, f] of files.entries()) {
      expect(f.data.equals(entries[i]?.bytes ?? Buffer.alloc(0)), f.name).toBe(true);
      expect(f.compressed).toBe(f.name === 'd.txt');
    }
    // 26 chunks of stored data went through far fewer buffers.
    expect(pool.allocated).toBeLessThan(13);
    expect(await size).toBe(-1); // a deflated entry: the length is not known in advance
  });

  it('announces the exact length when every entry is stored', async () => {
    const entries = [await store('f.zip', randomBytes(READ_CHUNK + 5)), await store('g.zip', randomBytes(7))];
    const { stream, size } = zipStream(storage, entries);
    const { socket, finished } = lateSocket();
    stream.pipe(socket);
    expect((await finished).length).toBe(await size);
  });
});

describe('BufferPool', () => {
  it('reuses released buffers, ignores foreign and repeated releases, and never waits', () => {
    const pool = new BufferPool(1024, 2);
    const a = pool.take();
    const b = pool.take();
    const c = pool.take(); // none free: a new one, no waiting
    expect(pool.allocated).toBe(3);
    pool.release(a.subarray(0, 10)); // a view gives back the whole buffer
    pool.release(a);
    pool.release(Buffer.alloc(1024));
    expect(pool.take().buffer).toBe(a.buffer);
    pool.release(b);
    pool.release(c);
    const d = pool.take();
    const e = pool.take();
    expect(new Set([d.buffer, e.buffer])).toEqual(new Set([b.buffer, c.buffer]));
    expect(pool.allocated).toBe(3);
  });
});
