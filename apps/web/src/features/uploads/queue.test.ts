import { describe, expect, it, vi } from 'vitest';
import { type UploadCallbacks, UploadQueue, type UploadTarget, type UploadTransport } from './queue';

/** A transport whose uploads the test finishes by hand. */
function fakeTransport() {
  const runs: { file: File; callbacks: UploadCallbacks; aborted: boolean }[] = [];
  const transport: UploadTransport = {
    start: (file, _options, callbacks) => {
      const run = { file, callbacks, aborted: false };
      runs.push(run);
      return {
        abort: () => {
          run.aborted = true;
        },
      };
    },
  };
  const runOf = (name: string) => {
    const found = [...runs].reverse().find((r) => r.file.name === name);
    if (!found) throw new Error(`${name} was never started`);
    return found;
  };
  return { transport, runs, runOf };
}

const files = (...names: string[]) => names.map((n) => new File([new Uint8Array(1000)], n, { type: 'image/png' }));
const target = (finish: UploadTarget['finish'] = async () => {}): UploadTarget => ({ projectId: 5, finish });
const states = (q: UploadQueue) => q.getSnapshot().map((i) => `${i.name}:${i.state}`);

describe('upload queue', () => {
  it('runs at most three uploads at once and starts the next when one ends', async () => {
    const { transport, runs, runOf } = fakeTransport();
    const queue = new UploadQueue(transport);
    const finish = vi.fn(async () => {});
    queue.add(files('a.png', 'b.png', 'c.png', 'd.png', 'e.png'), target(finish));
    expect(runs.map((r) => r.file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(states(queue)).toEqual(['a.png:uploading', 'b.png:uploading', 'c.png:uploading', 'd.png:queued', 'e.png:queued']);

    runOf('b.png').callbacks.onProgress(500, 1000);
    expect(queue.getSnapshot()[1]?.bytesSent).toBe(500);

    runOf('b.png').callbacks.onSuccess('77');
    expect(runs.map((r) => r.file.name)).toEqual(['a.png', 'b.png', 'c.png', 'd.png']);
    expect(finish).toHaveBeenCalledWith('77');
    await vi.waitFor(() => expect(states(queue)[1]).toBe('b.png:done'));

    runOf('a.png').callbacks.onError('Storage limit exceeded.');
    expect(runs.map((r) => r.file.name)).toEqual(['a.png', 'b.png', 'c.png', 'd.png', 'e.png']);
    expect(queue.getSnapshot().filter((i) => i.state === 'uploading')).toHaveLength(3);
  });

  it('keeps the server message of a refusal, and a retry uploads the file again', () => {
    const { transport, runs, runOf } = fakeTransport();
    const queue = new UploadQueue(transport);
    const [id] = queue.add(files('virus.exe'), target());
    runOf('virus.exe').callbacks.onError('Files of type .exe are not allowed here');
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'error', error: 'Files of type .exe are not allowed here' });

    queue.retry(id!);
    expect(runs).toHaveLength(2);
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'uploading', error: null });
  });

  it('a failed finish shows its message; the retry finishes again without sending the bytes again', async () => {
    const { transport, runs, runOf } = fakeTransport();
    const queue = new UploadQueue(transport);
    const finish = vi
      .fn<UploadTarget['finish']>()
      .mockRejectedValueOnce({ error: 'Content does not match the extension' })
      .mockResolvedValueOnce(undefined);
    const [id] = queue.add(files('photo.png'), target(finish));
    runOf('photo.png').callbacks.onSuccess('41');
    expect(queue.getSnapshot()[0]?.state).toBe('processing');
    await vi.waitFor(() => expect(queue.getSnapshot()[0]).toMatchObject({ state: 'error', error: 'Content does not match the extension' }));

    queue.retry(id!);
    expect(runs).toHaveLength(1);
    await vi.waitFor(() => expect(queue.getSnapshot()[0]?.state).toBe('done'));
    expect(finish).toHaveBeenNthCalledWith(2, '41');
  });

  it('cancel stops a running upload, ignores its late callbacks and starts the next queued one', () => {
    const { transport, runs, runOf } = fakeTransport();
    const queue = new UploadQueue(transport, { concurrency: 1 });
    const [first, second] = queue.add(files('one.png', 'two.png'), target());
    queue.cancel(first!);
    expect(runOf('one.png').aborted).toBe(true);
    expect(states(queue)).toEqual(['one.png:cancelled', 'two.png:uploading']);
    runOf('one.png').callbacks.onSuccess('1');
    expect(states(queue)[0]).toBe('one.png:cancelled');

    queue.cancel(second!);
    queue.clearFinished();
    expect(queue.getSnapshot()).toEqual([]);
    expect(runs).toHaveLength(2);
  });

  it('uses the fallback message when a transport error has none', () => {
    const { transport, runOf } = fakeTransport();
    const queue = new UploadQueue(transport, { fallbackMessage: () => 'Upload failed (fallback)' });
    queue.add(files('x.png'), target());
    runOf('x.png').callbacks.onError('');
    expect(queue.getSnapshot()[0]?.error).toBe('Upload failed (fallback)');
  });
});
