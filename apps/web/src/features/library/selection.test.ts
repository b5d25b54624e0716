import { describe, expect, it } from 'vitest';
import { applySelect, EMPTY_SELECTION, pruneSelection, type Selection, selectAll, selectRange, toggleItem } from './selection';

const order = [10, 11, 12, 13, 14, 15];
const ids = (s: Selection) => [...s.selected].sort((a, b) => a - b);

describe('selection rules', () => {
  it('a plain or Ctrl/Cmd gesture toggles one item and moves the anchor', () => {
    let s = applySelect(EMPTY_SELECTION, order, 12);
    expect(ids(s)).toEqual([12]);
    expect(s.anchor).toBe(12);
    s = applySelect(s, order, 14, { toggle: true });
    expect(ids(s)).toEqual([12, 14]);
    expect(s.anchor).toBe(14);
    s = applySelect(s, order, 12, { toggle: true });
    expect(ids(s)).toEqual([14]);
  });

  it('Shift selects the range from the anchor, forwards and backwards, keeping what was selected', () => {
    let s = toggleItem(EMPTY_SELECTION, 11);
    s = applySelect(s, order, 14, { shift: true });
    expect(ids(s)).toEqual([11, 12, 13, 14]);
    // The anchor stays: a second Shift-click extends from the same place, here backwards.
    expect(s.anchor).toBe(11);
    s = applySelect(s, order, 10, { shift: true });
    expect(ids(s)).toEqual([10, 11, 12, 13, 14]);

    let t = toggleItem(EMPTY_SELECTION, 15);
    t = toggleItem(t, 13);
    t = selectRange(t, order, 10);
    expect(ids(t)).toEqual([10, 11, 12, 13, 15]);
  });

  it('Shift without an anchor toggles the item', () => {
    expect(ids(applySelect(EMPTY_SELECTION, order, 13, { shift: true }))).toEqual([13]);
  });

  it('select all takes every item; pruning drops items that are no longer shown', () => {
    const all = selectAll(order);
    expect(ids(all)).toEqual(order);
    const pruned = pruneSelection(all, [10, 12]);
    expect(ids(pruned)).toEqual([10, 12]);
    expect(pruned.anchor).toBe(10);
    expect(pruneSelection(toggleItem(EMPTY_SELECTION, 15), [10]).anchor).toBeNull();
  });
});
