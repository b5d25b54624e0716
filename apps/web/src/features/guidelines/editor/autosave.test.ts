import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import type { BlockResponse } from '../documents/api';
import { block } from '../testFixtures';
import { BlockAutosave, type BlockRef, type Settings } from './autosave';

const ref = (overrides: Partial<BlockRef> = {}): BlockRef => ({
  id: 500,
  pageId: 101,
  type: 'heading',
  version: 1,
  settings: { text: 'Our logo', level: 2 },
  ...overrides,
});

/** A store whose saves wait until the test answers them. */
function store() {
  const sent: { version: number; settings: Settings; resolve: (b: BlockResponse) => void; reject: (e: unknown) => void }[] = [];
  const saved: BlockResponse[] = [];
  const autosave = new BlockAutosave({
    send: (_id, version, settings) =>
      new Promise<BlockResponse>((resolve, reject) => {
        sent.push({ version, settings, resolve, reject });
      }),
    onSaved: (_page, b) => saved.push(b),
    restore: vi.fn(async () => {}),
    fallbackError: 'failed',
    delay: 500,
  });
  return { autosave, sent, saved };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('block autosave', () => {
  it('saves once after a pause, with the version the edit started from', async () => {
    const { autosave, sent } = store();
    autosave.edit(ref(), { text: 'O' });
    autosave.edit(ref(), { text: 'Ou' });
    expect(autosave.getSnapshot().state).toBe('pending');
    await vi.advanceTimersByTimeAsync(499);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => [s.version, s.settings])).toEqual([[1, { text: 'Ou', level: 2 }]]);
    expect(autosave.getSnapshot().state).toBe('saving');
    sent[0]?.resolve(block({ id: 500, version: 2, settings: { text: 'Ou', level: 2 } }));
    await vi.runAllTimersAsync();
    expect(autosave.getSnapshot().state).toBe('saved');
    expect(autosave.getSnapshot().drafts.size).toBe(0);
  });

  it('an edit during a save is saved after it, with the new version', async () => {
    const { autosave, sent } = store();
    autosave.edit(ref(), { text: 'A' });
    await vi.advanceTimersByTimeAsync(500);
    autosave.edit(ref(), { text: 'AB' });
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toHaveLength(1);
    sent[0]?.resolve(block({ id: 500, version: 2, settings: { text: 'A', level: 2 } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => [s.version, s.settings.text])).toEqual([
      [1, 'A'],
      [2, 'AB'],
    ]);
    // Meanwhile the draft is what is shown.
    expect(autosave.getSnapshot().drafts.get(500)).toEqual({ text: 'AB', level: 2 });
  });

  it('settings the block type refuses are kept as a draft with their messages and not sent', async () => {
    const { autosave, sent } = store();
    autosave.edit(ref(), { text: '' });
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toHaveLength(0);
    expect(autosave.getSnapshot().state).toBe('invalid');
    expect(autosave.getSnapshot().invalid.get(500)).toEqual({ text: 'Is required' });
  });

  it('a 409 keeps the draft and reports their block; "mine" saves again over their version', async () => {
    const { autosave, sent } = store();
    autosave.edit(ref(), { text: 'Mine' });
    await vi.advanceTimersByTimeAsync(500);
    const theirs = block({ id: 500, version: 7, settings: { text: 'Theirs', level: 2 } });
    sent[0]?.reject(new ApiError(409, JSON.stringify({ success: false, error: 'Stale', current: theirs })));
    await vi.advanceTimersByTimeAsync(0);
    const snapshot = autosave.getSnapshot();
    expect(snapshot.state).toBe('conflict');
    expect(snapshot.conflict?.current.settings).toEqual({ text: 'Theirs', level: 2 });
    expect(snapshot.conflict?.mine).toEqual({ text: 'Mine', level: 2 });
    autosave.resolveConflict('mine');
    expect(sent[1]?.version).toBe(7);
    expect(sent[1]?.settings).toEqual({ text: 'Mine', level: 2 });
  });

  it('undo re-applies the settings before the last change, typing being one change', async () => {
    const { autosave, sent } = store();
    autosave.edit(ref(), { text: 'N' }, { undoLabel: 'Heading change' });
    autosave.edit(ref(), { text: 'Ne' }, { undoLabel: 'Heading change' });
    await vi.advanceTimersByTimeAsync(500);
    sent[0]?.resolve(block({ id: 500, version: 2, settings: { text: 'Ne', level: 2 } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.getSnapshot().undoLabel).toBe('Heading change');
    await autosave.undo();
    await vi.advanceTimersByTimeAsync(500);
    expect(sent[1]?.version).toBe(2);
    expect(sent[1]?.settings).toEqual({ text: 'Our logo', level: 2 });
    expect(autosave.getSnapshot().undoLabel).toBeNull();
  });
});
