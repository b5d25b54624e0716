import { type BlockType, parseBlockSettings } from '@emblem/core';
import { ApiError, errorMessage } from '../../../lib/api';
import { type BlockResponse, conflictOf } from '../documents/api';

/**
 * The autosave of block settings in the editor. An edit shows at once (the draft), is checked with the block
 * type's schema and saved after a pause (PATCH with the version it started from). One save per block runs at a
 * time; an edit made meanwhile is saved after it with the new version. A stale version (409) keeps the draft
 * and reports a conflict with the block as it is now; the user reloads it or overwrites it. Nothing is dropped
 * silently: a failed save stays a draft until it is retried.
 *
 * The last changes can be undone: a settings change re-applies the settings before it, a deletion restores the
 * deleted item.
 */

export type Settings = Record<string, unknown>;
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'invalid' | 'conflict';

/** The block an edit is for: where it lives (for the page cache) and the version shown. */
export interface BlockRef {
  id: number;
  pageId: number;
  type: string;
  version: number;
  settings: Settings;
}

export interface Conflict {
  block: BlockRef;
  mine: Settings;
  current: BlockResponse;
}

export type UndoEntry =
  | { kind: 'settings'; block: BlockRef; settings: Settings; label: string }
  | { kind: 'restore'; item: 'block' | 'section'; id: number; pageId: number; label: string };

export interface AutosaveSnapshot {
  state: SaveState;
  /** The message of the last failure. */
  error: string | null;
  conflict: Conflict | null;
  /** Unsaved (or being saved) settings per block id. */
  drafts: ReadonlyMap<number, Settings>;
  /** Field messages of drafts that the block type's schema refuses (path → message), per block id. */
  invalid: ReadonlyMap<number, Record<string, string>>;
  /** What Undo would undo, if anything. */
  undoLabel: string | null;
}

export interface AutosaveDeps {
  send: (blockId: number, version: number, settings: Settings) => Promise<BlockResponse>;
  /** A save succeeded (or the current block was taken over): put it in the page cache. */
  onSaved: (pageId: number, block: BlockResponse) => void;
  /** Undo of a deletion. */
  restore: (item: 'block' | 'section', id: number, pageId: number) => Promise<void>;
  fallbackError: string;
  delay?: number;
}

interface Entry {
  block: BlockRef;
  settings: Settings;
  timer: ReturnType<typeof setTimeout> | null;
  /** The settings being sent now, if a save runs. */
  sending: Settings | null;
  failed: boolean;
}

const UNDO_LIMIT = 50;
/** Edits of one block closer together than this are one step of undo (typing). */
const UNDO_COALESCE_MS = 1500;

export class BlockAutosave {
  private readonly entries = new Map<number, Entry>();
  /** What the server last answered for a block (a block reference may be older). */
  private readonly saved = new Map<number, { version: number; settings: Settings }>();
  private readonly invalid = new Map<number, Record<string, string>>();
  private readonly undoStack: UndoEntry[] = [];
  private lastUndoAt = 0;
  private savedOnce = false;
  private error: string | null = null;
  private conflict: Conflict | null = null;
  private listeners = new Set<() => void>();
  private snapshot: AutosaveSnapshot;

  constructor(private readonly deps: AutosaveDeps) {
    this.snapshot = this.build();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** The settings shown for a block: its draft, else the newest the server gave. */
  settingsOf(block: { id: number; version: number; settings: Settings }): Settings {
    const draft = this.entries.get(block.id)?.settings;
    if (draft) return draft;
    const saved = this.saved.get(block.id);
    return saved && saved.version >= block.version ? saved.settings : block.settings;
  }

  /** True while anything is not saved yet. */
  get dirty(): boolean {
    return this.entries.size > 0;
  }

  /** An edit of a block's settings (merged over what is shown now). */
  edit(block: BlockRef, patch: Settings, options: { undoLabel?: string; replace?: boolean } = {}) {
    const before = this.settingsOf(block);
    const settings = options.replace ? patch : { ...before, ...patch };
    if (JSON.stringify(settings) === JSON.stringify(before)) return;
    if (options.undoLabel !== undefined) this.pushSettingsUndo(block, before, options.undoLabel);
    const entry = this.entries.get(block.id) ?? { block, settings, timer: null, sending: null, failed: false };
    entry.block = block;
    entry.settings = settings;
    entry.failed = false;
    this.entries.set(block.id, entry);
    this.error = null;
    this.schedule(entry);
    this.emit();
  }

  /** Remember a deletion so that Undo restores it. */
  pushRestore(item: 'block' | 'section', id: number, pageId: number, label: string) {
    this.push({ kind: 'restore', item, id, pageId, label });
    this.lastUndoAt = 0;
    // A deleted block has nothing left to save.
    if (item === 'block') this.drop(id);
    this.emit();
  }

  /** Undoes the last change. */
  async undo(): Promise<void> {
    const entry = this.undoStack.pop();
    this.lastUndoAt = 0;
    this.emit();
    if (!entry) return;
    if (entry.kind === 'settings') {
      this.edit(entry.block, entry.settings, { replace: true });
      return;
    }
    try {
      await this.deps.restore(entry.item, entry.id, entry.pageId);
    } catch (error) {
      this.error = errorMessage(error, this.deps.fallbackError);
      this.emit();
    }
  }

  /** Saves every pending draft now (Retry, leaving the page). */
  flush() {
    this.error = null;
    for (const entry of this.entries.values()) {
      entry.failed = false;
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      void this.save(entry);
    }
    this.emit();
  }

  /** The conflict is settled: take over their block, or save mine over it. */
  resolveConflict(choice: 'theirs' | 'mine') {
    const conflict = this.conflict;
    if (!conflict) return;
    this.conflict = null;
    const { current } = conflict;
    this.noteSaved(current);
    if (choice === 'theirs') {
      this.drop(current.id);
      this.deps.onSaved(conflict.block.pageId, current);
      this.emit();
      return;
    }
    const entry = this.entries.get(current.id);
    if (entry) {
      entry.block = { ...entry.block, version: current.version };
      entry.failed = false;
      void this.save(entry);
    }
    this.emit();
  }

  /** Stops all timers (the editor closes). */
  dispose() {
    for (const entry of this.entries.values()) if (entry.timer) clearTimeout(entry.timer);
    this.listeners.clear();
  }

  private versionOf(block: BlockRef): number {
    return Math.max(block.version, this.saved.get(block.id)?.version ?? 0);
  }

  private noteSaved(block: BlockResponse) {
    const known = this.saved.get(block.id);
    if (!known || block.version >= known.version) this.saved.set(block.id, { version: block.version, settings: block.settings });
  }

  private schedule(entry: Entry) {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void this.save(entry);
    }, this.deps.delay ?? 500);
  }

  private async save(entry: Entry): Promise<void> {
    if (entry.sending !== null) return; // It is saved again when the running save ends.
    const id = entry.block.id;
    const parsed = parseBlockSettings(entry.block.type as BlockType, entry.settings);
    if (!parsed.success) {
      const messages: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (!(path in messages)) messages[path] = issue.message;
      }
      this.invalid.set(id, messages);
      this.emit();
      return;
    }
    this.invalid.delete(id);
    const sent = entry.settings;
    entry.sending = sent;
    this.emit();
    try {
      const saved = await this.deps.send(id, this.versionOf(entry.block), sent);
      this.noteSaved(saved);
      this.savedOnce = true;
      this.deps.onSaved(entry.block.pageId, saved);
      entry.sending = null;
      entry.block = { ...entry.block, version: saved.version };
      if (this.entries.get(id) !== entry) {
        // Deleted or taken over meanwhile.
      } else if (entry.settings === sent) {
        this.entries.delete(id);
      } else if (!entry.timer) {
        void this.save(entry);
      }
    } catch (error) {
      entry.sending = null;
      const current = conflictOf<BlockResponse>(error);
      if (current) {
        this.conflict = { block: entry.block, mine: entry.settings, current };
      } else {
        entry.failed = true;
        this.error = errorMessage(error, this.deps.fallbackError);
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) this.invalid.set(id, serverFieldErrors(error));
      }
    }
    this.emit();
  }

  private drop(id: number) {
    const entry = this.entries.get(id);
    if (entry?.timer) clearTimeout(entry.timer);
    this.entries.delete(id);
    this.invalid.delete(id);
  }

  private pushSettingsUndo(block: BlockRef, settings: Settings, label: string) {
    const now = Date.now();
    const last = this.undoStack[this.undoStack.length - 1];
    const typing = last?.kind === 'settings' && last.block.id === block.id && now - this.lastUndoAt < UNDO_COALESCE_MS;
    this.lastUndoAt = now;
    if (!typing) this.push({ kind: 'settings', block, settings, label });
  }

  private push(entry: UndoEntry) {
    this.undoStack.push(entry);
    if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
  }

  private state(): SaveState {
    if (this.conflict) return 'conflict';
    const entries = [...this.entries.values()];
    if (entries.some((e) => e.failed)) return 'error';
    if (entries.some((e) => this.invalid.has(e.block.id))) return 'invalid';
    if (entries.some((e) => e.sending !== null)) return 'saving';
    if (entries.length > 0) return 'pending';
    if (this.error) return 'error';
    return this.savedOnce ? 'saved' : 'idle';
  }

  private build(): AutosaveSnapshot {
    return {
      state: this.state(),
      error: this.error,
      conflict: this.conflict,
      drafts: new Map([...this.entries].map(([id, e]) => [id, e.settings])),
      invalid: new Map(this.invalid),
      undoLabel: this.undoStack[this.undoStack.length - 1]?.label ?? null,
    };
  }

  private emit() {
    this.snapshot = this.build();
    for (const listener of this.listeners) listener();
  }
}

/** The server's field messages under `settings.` (400), by path inside the settings. */
function serverFieldErrors(error: ApiError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (first) result[field.replace(/^settings\.?/, '')] = first;
  }
  return result;
}
