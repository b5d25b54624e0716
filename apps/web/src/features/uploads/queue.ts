/**
 * The upload queue: a small state machine per file, independent of React and of tus so it can be tested with
 * a fake transport.
 *
 *   queued ──start──▶ uploading ──bytes accepted──▶ processing ──finish() ok──▶ done
 *      ▲                 │                              │
 *      └──── retry ──── error ◀──────── failure ────────┘
 *   queued / uploading / processing ──cancel──▶ cancelled
 *
 * At most `concurrency` (3) files transfer at once; the next queued one starts when one ends.
 * "processing" covers the server registering the file (e.g. POST /api/asset) after the bytes arrived.
 */

export type UploadState = 'queued' | 'uploading' | 'processing' | 'done' | 'error' | 'cancelled';

/** Where a finished file goes: an asset in a folder, a new revision, an attachment. */
export interface UploadTarget {
  projectId: number;
  /**
   * Called with the file id once the bytes are stored; turns the file into an asset, revision, attachment… and may
   * name the asset it made (the tray then warns when the library already had the file).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: targets that make no asset (revisions, attachments) return nothing
  finish: (fileId: string) => Promise<{ assetId: number } | void>;
}

export interface UploadCallbacks {
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  onSuccess: (fileId: string) => void;
  /** A message for people: the server's own message when it sent one. */
  onError: (message: string) => void;
}

export interface UploadHandle {
  abort: () => void;
}

export interface UploadTransport {
  start: (file: File, options: { projectId: number }, callbacks: UploadCallbacks) => UploadHandle;
}

export interface UploadItem {
  readonly id: string;
  readonly file: File;
  readonly name: string;
  readonly size: number;
  readonly state: UploadState;
  readonly bytesSent: number;
  /** Bytes per second, smoothed; null until measured. */
  readonly speed: number | null;
  readonly error: string | null;
  /** Set once the bytes are stored: a retry after a failed finish() does not send the file again. */
  readonly fileId: string | null;
  readonly target: UploadTarget;
  /** The asset a finished upload made, when its target says. */
  readonly assetId?: number | null;
}

export const DEFAULT_CONCURRENCY = 3;

const ACTIVE: ReadonlySet<UploadState> = new Set(['uploading']);

let sequence = 0;

export class UploadQueue {
  private items: readonly UploadItem[] = [];
  private readonly handles = new Map<string, UploadHandle>();
  private readonly listeners = new Set<() => void>();
  /** Per item: when and how much was last measured, for the speed. */
  private readonly meters = new Map<string, { at: number; bytes: number }>();
  /** The current run of each item; callbacks of an older (cancelled, retried) run are ignored. */
  private readonly runs = new Map<string, object>();
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly fallbackMessage: () => string;

  constructor(
    private readonly transport: UploadTransport,
    options: { concurrency?: number; now?: () => number; fallbackMessage?: () => string } = {},
  ) {
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.now = options.now ?? (() => Date.now());
    this.fallbackMessage = options.fallbackMessage ?? (() => 'The upload failed. Please try again.');
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadItem[] => this.items;

  /** Queues the files; returns their ids. */
  add(files: readonly File[], target: UploadTarget): string[] {
    const added = files.map<UploadItem>((file) => {
      sequence += 1;
      return {
        id: `upload-${sequence}`,
        file,
        name: file.name,
        size: file.size,
        state: 'queued',
        bytesSent: 0,
        speed: null,
        error: null,
        fileId: null,
        target,
      };
    });
    this.items = [...this.items, ...added];
    this.emit();
    this.pump();
    return added.map((item) => item.id);
  }

  /** An item in error goes back to the queue; tus resumes from what the server already has. */
  retry(id: string): void {
    const item = this.find(id);
    if (!item || (item.state !== 'error' && item.state !== 'cancelled')) return;
    if (item.fileId !== null) {
      this.finishItem(item, item.fileId);
      return;
    }
    this.update(id, { state: 'queued', error: null, speed: null });
    this.pump();
  }

  cancel(id: string): void {
    const item = this.find(id);
    if (!item || (item.state !== 'queued' && item.state !== 'uploading' && item.state !== 'processing')) return;
    this.runs.delete(id);
    this.handles.get(id)?.abort();
    this.handles.delete(id);
    this.update(id, { state: 'cancelled', speed: null });
    this.pump();
  }

  /** Removes an item that is no longer running. */
  dismiss(id: string): void {
    const item = this.find(id);
    if (!item || item.state === 'uploading' || item.state === 'processing' || item.state === 'queued') return;
    this.items = this.items.filter((i) => i.id !== id);
    this.emit();
  }

  /** Removes every finished (done or cancelled) item. */
  clearFinished(): void {
    const next = this.items.filter((i) => i.state !== 'done' && i.state !== 'cancelled');
    if (next.length === this.items.length) return;
    this.items = next;
    this.emit();
  }

  /** Cancels everything (tests, sign-out). */
  reset(): void {
    this.runs.clear();
    for (const handle of this.handles.values()) handle.abort();
    this.handles.clear();
    this.items = [];
    this.emit();
  }

  private find(id: string): UploadItem | undefined {
    return this.items.find((i) => i.id === id);
  }

  private update(id: string, patch: Partial<Omit<UploadItem, 'id' | 'file' | 'target'>>): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...patch } : item));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private pump(): void {
    let running = this.items.filter((i) => ACTIVE.has(i.state)).length;
    for (const item of this.items) {
      if (running >= this.concurrency) break;
      if (item.state !== 'queued') continue;
      running += 1;
      this.startItem(item);
    }
  }

  private startItem(item: UploadItem): void {
    const { id } = item;
    const run = {};
    this.runs.set(id, run);
    this.update(id, { state: 'uploading', bytesSent: 0, error: null });
    this.meters.set(id, { at: this.now(), bytes: 0 });
    const isCurrent = () => this.runs.get(id) === run && this.find(id)?.state === 'uploading';
    const end = () => {
      this.runs.delete(id);
      this.handles.delete(id);
    };
    const handle = this.transport.start(
      item.file,
      { projectId: item.target.projectId },
      {
        onProgress: (sent) => {
          if (!isCurrent()) return;
          this.update(id, { bytesSent: sent, speed: this.measure(id, sent) });
        },
        onSuccess: (fileId) => {
          if (!isCurrent()) return;
          end();
          this.finishItem(item, fileId);
          this.pump();
        },
        onError: (message) => {
          if (!isCurrent()) return;
          end();
          this.update(id, { state: 'error', error: message || this.fallbackMessage(), speed: null });
          this.pump();
        },
      },
    );
    // A transport may finish synchronously (tests); only keep the handle while this run is still going.
    if (isCurrent()) this.handles.set(id, handle);
  }

  private finishItem(item: UploadItem, fileId: string): void {
    const { id } = item;
    const finishing = {};
    this.runs.set(id, finishing);
    this.update(id, { state: 'processing', fileId, bytesSent: item.size, speed: null, error: null });
    item.target.finish(fileId).then(
      (made) => {
        if (this.runs.get(id) !== finishing) return;
        this.runs.delete(id);
        this.update(id, { state: 'done', assetId: made?.assetId ?? null });
      },
      (error: unknown) => {
        if (this.runs.get(id) !== finishing) return;
        this.runs.delete(id);
        this.update(id, { state: 'error', error: this.messageOf(error) });
      },
    );
  }

  private messageOf(error: unknown): string {
    if (typeof error === 'object' && error !== null) {
      const e = error as { error?: unknown };
      if (typeof e.error === 'string' && e.error) return e.error;
    }
    return this.fallbackMessage();
  }

  private measure(id: string, bytes: number): number | null {
    const last = this.meters.get(id);
    const at = this.now();
    if (!last) return null;
    const seconds = (at - last.at) / 1000;
    if (seconds < 0.5) return this.find(id)?.speed ?? null;
    this.meters.set(id, { at, bytes });
    const current = (bytes - last.bytes) / seconds;
    const previous = this.find(id)?.speed;
    return previous === null || previous === undefined ? current : previous * 0.6 + current * 0.4;
  }
}
