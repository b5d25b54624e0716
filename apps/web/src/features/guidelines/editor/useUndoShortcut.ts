import type { KeyboardEvent } from 'react';
import { useEditor } from './EditorContext';

/** Text fields keep their own undo (typing); everywhere else in the editor Ctrl/Cmd+Z undoes the last change. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'range', 'color'].includes(target.type);
}

export function useUndoShortcut() {
  const { autosave, canEdit } = useEditor();
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!canEdit || event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
    if (isTextEntry(event.target)) return;
    event.preventDefault();
    void autosave.undo();
  };
}
