import type { Editor } from '@tiptap/core';
import { type RefObject, useState } from 'react';

/**
 * Where the floating toolbar shows: over a non-empty selection, 44 px above its start (relative to the editor's
 * container); hidden while typing and when the editor loses focus. Inline toolbars ignore the selection.
 */
export function useFloatingToolbar(toolbarStyle: 'float' | 'inline', containerRef: RefObject<HTMLDivElement | null>) {
  const [visible, setVisible] = useState(false);
  const [top, setTop] = useState(0);
  const hide = () => setVisible(false);
  const follow = (editor: Editor) => {
    if (toolbarStyle !== 'float') return;
    const { from, empty } = editor.state.selection;
    if (empty) {
      setVisible(false);
      return;
    }
    try {
      const coords = editor.view.coordsAtPos(from);
      const box = containerRef.current?.getBoundingClientRect();
      setTop(Math.max(0, coords.top - (box?.top ?? 0) - 44));
    } catch {
      setTop(0);
    }
    setVisible(true);
  };
  return { visible, top, hide, follow };
}
