import { AppError } from '../../http/errors.js';

/** At most `concurrency` renders at once; up to `maxQueue` wait, more are refused (503). Same keys share one render. */
export class RenderLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) return existing as Promise<T>;
    if (this.active >= this.concurrency && this.waiting.length >= this.maxQueue) {
      return Promise.reject(new AppError(503, 'The server is busy making images. Please try again.', undefined, 'OVERLOADED'));
    }
    const p = this.acquire()
      .then(fn)
      .finally(() => {
        this.inFlight.delete(key);
        this.release();
      });
    this.inFlight.set(key, p);
    return p;
  }

  private acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
