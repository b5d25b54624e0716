import { type FocusEvent as ReactFocusEvent, type KeyboardEvent as ReactKeyboardEvent, type RefObject, useCallback } from 'react';
import { enterCommits, focusablesIn, SETTING_OVERLAY_SELECTOR } from './focus';
import type { CommitReason, SettingState } from './types';

interface SettingKeysOptions {
  mode: 'inline' | 'direct';
  stateRef: RefObject<SettingState>;
  committingRef: RefObject<boolean>;
  rootRef: RefObject<HTMLDivElement | null>;
  editorRef: RefObject<HTMLDivElement | null>;
  cancel: () => void;
  commit: (reason: CommitReason, move?: 'next' | 'previous') => Promise<boolean>;
}

/**
 * The keys and focus of an inline setting being edited: Escape cancels, Enter saves (from one-line inputs), Tab
 * and Shift-Tab save and move on from the editor's last or first control, and focus leaving the setting saves
 * (not when it moves into one of its popovers or dialogs, nor when the window loses focus).
 */
export function useSettingKeys({ mode, stateRef, committingRef, rootRef, editorRef, cancel, commit }: SettingKeysOptions) {
  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>) => {
      if (mode !== 'inline' || stateRef.current !== 'active') return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        cancel();
        return;
      }
      if (event.key === 'Tab') {
        // Inside an editor with several controls, Tab moves between them; from the last (or first) it leaves.
        const focusables = focusablesIn(editorRef.current);
        const index = focusables.indexOf(event.target as HTMLElement);
        const atEdge = index === -1 || (event.shiftKey ? index === 0 : index === focusables.length - 1);
        if (!atEdge) return;
        event.preventDefault();
        void commit('tab', event.shiftKey ? 'previous' : 'next');
        return;
      }
      if (event.key === 'Enter' && enterCommits(event)) {
        event.preventDefault();
        void commit('enter');
      }
    },
    [mode, cancel, commit, stateRef, editorRef],
  );

  const onBlur = useCallback(
    (event: ReactFocusEvent<HTMLElement>) => {
      if (mode !== 'inline' || stateRef.current !== 'active' || committingRef.current) return;
      const next = event.relatedTarget as Element | null;
      if (next && (rootRef.current?.contains(next) || next.closest(SETTING_OVERLAY_SELECTOR))) return;
      // The window lost focus (another tab or app): the edit goes on when the user comes back.
      if (!next && typeof document !== 'undefined' && !document.hasFocus()) return;
      void commit('blur');
    },
    [mode, commit, stateRef, committingRef, rootRef],
  );

  return { onKeyDown, onBlur };
}
