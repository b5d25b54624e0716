import { TOOLKIT_DELAYS } from '@emblem/core';
import type { Editor } from '@tiptap/core';
import { useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { htmlOf } from './commands';
import { editorExtensions, plainTextOf, stripTrailingBreaks } from './extensions';

export interface RichTextEditorOptions {
  value: string;
  label: string;
  onSave?: (html: string) => void;
  onChange?: (html: string) => void;
  onEditor?: (editor: Editor) => void;
  placeholder?: string;
  saveDelay?: number;
  plainPaste?: boolean;
  spellCheck: boolean;
  disabled: boolean;
  describedBy?: string;
  invalid?: boolean;
  /** A character was typed (the floating toolbar hides). */
  onTyping: () => void;
  /** The selection moved (the floating toolbar follows it). */
  onSelection: (editor: Editor) => void;
}

/**
 * The Tiptap editor of a RichTextEditor and its save timing: a change saves after `saveDelay`, `flush` saves at once
 * (when focus leaves); only HTML that differs from the last saved (or loaded) HTML is passed to onSave.
 */
export function useRichTextEditor({
  value,
  label,
  onSave,
  onChange,
  onEditor,
  placeholder,
  saveDelay = TOOLKIT_DELAYS.editorSave,
  plainPaste = false,
  spellCheck,
  disabled,
  describedBy,
  invalid,
  onTyping,
  onSelection,
}: RichTextEditorOptions) {
  const lastSaved = useRef(stripTrailingBreaks(value));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSaveRef = useRef(onSave);
  onSaveRef.current = onSave;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onEditorRef = useRef(onEditor);
  onEditorRef.current = onEditor;
  const onTypingRef = useRef(onTyping);
  onTypingRef.current = onTyping;
  const onSelectionRef = useRef(onSelection);
  onSelectionRef.current = onSelection;

  const flush = (editor: Editor) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const html = htmlOf(editor);
    if (html === lastSaved.current) return;
    lastSaved.current = html;
    onSaveRef.current?.(html);
  };

  const editor = useEditor({
    extensions: editorExtensions({ placeholder }),
    content: stripTrailingBreaks(value),
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'rte__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        spellcheck: spellCheck ? 'true' : 'false',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      handlePaste: (view, event) => {
        if (!plainPaste || !event.clipboardData) return false;
        const html = event.clipboardData.getData('text/html');
        const text = html ? plainTextOf(html) : event.clipboardData.getData('text/plain');
        event.preventDefault();
        const lines = text.split('\n');
        const { schema } = view.state;
        const nodes = lines.flatMap((line, i) => [
          ...(i > 0 ? [schema.nodes.hardBreak!.create()] : []),
          ...(line ? [schema.text(line)] : []),
        ]);
        const fragment = schema.nodes.paragraph!.create(null, nodes).content;
        view.dispatch(view.state.tr.replaceSelectionWith(schema.nodes.paragraph!.create(null, fragment), false).scrollIntoView());
        return true;
      },
      handleKeyDown: (_view, event) => {
        // The floating toolbar hides while typing.
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) onTypingRef.current();
        return false;
      },
    },
    // What the editor makes of the stored HTML is the baseline: loading alone never counts as a change.
    onCreate: ({ editor: ed }) => {
      lastSaved.current = htmlOf(ed);
      onEditorRef.current?.(ed);
    },
    onUpdate: ({ editor: ed }) => {
      onChangeRef.current?.(htmlOf(ed));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(ed), saveDelay);
    },
    onSelectionUpdate: ({ editor: ed }) => onSelectionRef.current(ed),
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { editor, flush };
}
