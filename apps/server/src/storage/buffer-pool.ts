/**
 * Equal-sized read buffers that a long stream reuses: a reader takes one to read into, and whoever writes the
 * bytes out releases it once they have left (a socket write's callback). Without it every chunk of a download
 * is a fresh allocation, page-faulted in and freed only when the garbage collector gets to it: a 1 GB ZIP
 * then kept tens of MB of dead buffers resident.
 *
 * `take()` never waits: when no buffer is free it allocates one, so a consumer that holds chunks longer (or
 * never releases them) costs memory, never a deadlock. At most `keep` free buffers are kept.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];
  /** The memory of every buffer handed out and not yet released. */
  private readonly lent = new WeakSet<ArrayBufferLike>();
  /** How many buffers were ever allocated (a stream that reuses its buffers keeps this small). */
  allocated = 0;

  constructor(
    readonly size: number,
    private readonly keep = 16,
  ) {}

  take(): Buffer {
    let buf = this.free.pop();
    if (!buf) {
      buf = Buffer.allocUnsafeSlow(this.size);
      this.allocated++;
    }
    this.lent.add(buf.buffer);
    return buf;
  }

  /**
   * Gives back the buffer under `chunk` (the buffer itself or a view of it) once nothing reads it any more.
   * Chunks that did not come from this pool, and second releases, are ignored.
   */
  release(chunk: Buffer) {
    const memory = chunk.buffer;
    if (!this.lent.has(memory)) return;
    this.lent.delete(memory);
    if (this.free.length < this.keep) this.free.push(Buffer.from(memory, 0, this.size));
  }
}
