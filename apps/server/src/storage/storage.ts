import type { Readable } from 'node:stream';
import type { BufferPool } from './buffer-pool.js';

export interface StoredObject {
  size: number;
  sha256: string;
}

/**
 * Where files live. Keys are generated inside the server (never from a user's file name) and look like
 * `originals/ab/cd/<uuid>` or `derived/<kind>/<hash>`.
 */
export interface Storage {
  /** Streams `body` into `key`, atomically: readers never see a half-written object. */
  put(key: string, body: Readable, opts?: { maxBytes?: number }): Promise<StoredObject>;
  /**
   * Streams an object, optionally a byte range (inclusive end). With `pool`, a whole object is read into the
   * pool's buffers; the consumer releases each chunk once written (adapters may ignore the pool).
   */
  read(key: string, range?: { start: number; end: number }, opts?: { pool?: BufferPool }): Readable;
  /** Size of an object, or null when missing. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix/` (a revision's cached variants); nothing there is fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** A local file path for tools that need one (sharp, ffmpeg); remote adapters download to a temp file. */
  localPath(key: string): Promise<{ path: string; release(): Promise<void> }>;
  /** A directory for temporary files on the same filesystem. */
  tempDir(): string;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Object exceeds ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}
