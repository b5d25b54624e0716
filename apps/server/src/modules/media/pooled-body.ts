import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BufferPool } from '../../storage/buffer-pool.js';
import { READ_CHUNK } from '../../storage/local.js';

/**
 * The read buffers of every download of this process. Shared, so finished downloads leave no buffers for the
 * garbage collector: at most 32 (16 MiB) are kept between downloads; busier moments allocate more.
 */
export const downloadBuffers = new BufferPool(READ_CHUNK, 32);

/**
 * A response body that gives its read buffers back to their pool once the socket has taken their bytes.
 *
 * Fastify sends a stream payload with `payload.pipe(res)`. This body answers that call by writing its
 * source's chunks to the response itself, each with a completion callback that releases the chunk's buffer,
 * so a download streams through the same few buffers whatever its size. Backpressure is the response's:
 * the next chunk is read when the previous write has been accepted. Read it only through `pipe()`.
 */
export class PooledBody extends Readable {
  private sink: Writable | null = null;

  constructor(
    private readonly source: Readable,
    private readonly pool: BufferPool,
  ) {
    super();
  }

  override _read() {
    // Nothing: the bytes go from the source to the destination given to pipe().
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    const res = destination as unknown as Writable;
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        const more = res.write(chunk, (err) => {
          if (!err) this.pool.release(chunk);
        });
        if (more) done();
        else res.once('drain', () => done());
      },
      final: (done) => {
        res.end();
        done();
      },
    });
    this.sink = sink;
    pipeline(this.source, sink).then(
      () => {
        this.push(null);
        this.resume(); // 'end', which tells Fastify the body is complete
      },
      (err: Error) => this.destroy(err),
    );
    return destination;
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void) {
    // The client went away (Fastify destroys the payload) or the source failed: stop reading.
    this.source.destroy();
    this.sink?.destroy();
    callback(err);
  }
}
