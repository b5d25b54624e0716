import { type RefObject, useEffect } from 'react';
import { focusablesIn } from './focus';
import type { SettingState } from './types';

/**
 * After a state change has rendered, focuses what the transition asked for (and clears the request): the display
 * button, or the editor's `[data-autofocus]` element (else its first focusable) with the caret at the end.
 */
export function useFocusAfterRender(
  state: SettingState,
  focusTargetRef: RefObject<'display' | 'editor' | null>,
  displayRef: RefObject<HTMLButtonElement | null>,
  editorRef: RefObject<HTMLDivElement | null>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: state is the trigger; the element to focus has just rendered.
  useEffect(() => {
    const target = focusTargetRef.current;
    if (!target) return;
    focusTargetRef.current = null;
    if (target === 'display') {
      displayRef.current?.focus();
      return;
    }
    const editor = editorRef.current;
    const preferred = editor?.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(editor)[0];
    preferred?.focus();
    if (preferred instanceof HTMLInputElement || preferred instanceof HTMLTextAreaElement) {
      try {
        const end = preferred.value.length;
        preferred.setSelectionRange(end, end);
      } catch {
        // Inputs such as number do not support selection ranges.
      }
    }
  }, [state]);
}
