import { useCallback, useMemo, useState } from 'react';

/**
 * Multi-select rules of the library browser (pure, so they can be tested on their own):
 * - a click on the checkbox, Space, or Ctrl/Cmd-click toggles one item and makes it the anchor;
 * - Shift-click (or Shift+Space) adds the range from the anchor to the item, in the shown order;
 * - select all takes every item; Escape clears.
 */
export interface Selection {
  selected: ReadonlySet<number>;
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { selected: new Set(), anchor: null };

export function toggleItem(state: Selection, id: number): Selection {
  const selected = new Set(state.selected);
  if (selected.has(id)) selected.delete(id);
  else selected.add(id);
  return { selected, anchor: id };
}

/** Adds the items from the anchor to `id` (both included). Without an anchor in the list it toggles `id`. */
export function selectRange(state: Selection, order: readonly number[], id: number): Selection {
  const to = order.indexOf(id);
  const from = state.anchor === null ? -1 : order.indexOf(state.anchor);
  if (to === -1) return state;
  if (from === -1) return toggleItem(state, id);
  const [start, end] = from <= to ? [from, to] : [to, from];
  const selected = new Set(state.selected);
  for (const item of order.slice(start, end + 1)) selected.add(item);
  // The anchor stays, so a second Shift-click extends from the same place.
  return { selected, anchor: state.anchor };
}

export function selectAll(order: readonly number[]): Selection {
  return { selected: new Set(order), anchor: order[0] ?? null };
}

export interface SelectModifiers {
  shift?: boolean;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  toggle?: boolean;
}

/** One pointer or keyboard selection gesture. */
export function applySelect(state: Selection, order: readonly number[], id: number, modifiers: SelectModifiers = {}): Selection {
  if (modifiers.shift) return selectRange(state, order, id);
  return toggleItem(state, id);
}

/** Keeps only ids that are still shown (after a delete, move or reload). */
export function pruneSelection(state: Selection, order: readonly number[]): Selection {
  const present = new Set(order);
  const selected = new Set([...state.selected].filter((id) => present.has(id)));
  if (selected.size === state.selected.size && (state.anchor === null || present.has(state.anchor))) return state;
  return { selected, anchor: state.anchor !== null && present.has(state.anchor) ? state.anchor : null };
}

/** Whether the platform's "toggle" modifier is held: Cmd on Apple devices, Ctrl elsewhere. */
export function isToggleModifier(event: { metaKey: boolean; ctrlKey: boolean }): boolean {
  const apple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  return apple ? event.metaKey : event.ctrlKey || event.metaKey;
}

export function useSelection(order: readonly number[]) {
  const [state, setState] = useState<Selection>(EMPTY_SELECTION);
  // Items no longer shown drop out of the selection without an extra render loop.
  const current = useMemo(() => pruneSelection(state, order), [state, order]);
  const select = useCallback(
    (id: number, modifiers?: SelectModifiers) => setState((s) => applySelect(pruneSelection(s, order), order, id, modifiers)),
    [order],
  );
  const all = useCallback((ids?: readonly number[]) => setState(selectAll(ids ?? order)), [order]);
  const clear = useCallback(() => setState(EMPTY_SELECTION), []);
  return { selected: current.selected, anchor: current.anchor, select, selectAll: all, clear, setSelection: setState };
}
