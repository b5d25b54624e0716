import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { currentStyle } from './commands';

/** What the toolbar shows as pressed or chosen, and what decides the link-actions bar. */
export interface ToolbarState {
  [key: string]: unknown;
  style: string;
  fontSize: string;
  align: string;
}

/** The marks, nodes and attributes at the cursor, re-read on every editor transaction; null before the editor exists. */
export function useToolbarState(editor: Editor | null) {
  return useEditorState({
    editor,
    selector: ({ editor: ed }) =>
      ed
        ? {
            bold: ed.isActive('bold'),
            italic: ed.isActive('italic'),
            underline: ed.isActive('underline'),
            strike: ed.isActive('strike'),
            code: ed.isActive('code'),
            subscript: ed.isActive('subscript'),
            superscript: ed.isActive('superscript'),
            bulletList: ed.isActive('bulletList'),
            orderedList: ed.isActive('orderedList'),
            blockquote: ed.isActive('blockquote'),
            link: ed.isActive('link'),
            button: ed.isActive('rteButton'),
            href: (ed.getAttributes('link').href as string | undefined) ?? '',
            style: currentStyle(ed),
            fontSize: (ed.getAttributes('textStyle').fontSize as string | undefined) ?? '',
            align: (ed.getAttributes('paragraph').textAlign as string | undefined) ?? 'left',
            empty: ed.isEmpty,
            selectionEmpty: ed.state.selection.empty,
          }
        : null,
  });
}
