import { colorToCss, type EditorStyle, encodeLinkUrl, highlightColor, normaliseLinkUrl, parseColor } from '@emblem/core';
import type { Editor } from '@tiptap/core';
import type { ButtonDesign } from './extensions';

/** The HTML the editor saves: '' for an empty document. */
export function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** The paragraph style at the cursor (h5 and h6 are shown but not offered). */
export function currentStyle(editor: Editor): EditorStyle | 'h5' | 'h6' {
  for (const level of [1, 2, 3, 4, 5, 6] as const) if (editor.isActive('heading', { level })) return `h${level}` as EditorStyle;
  if (editor.isActive('blockquote')) return 'quote';
  const custom = editor.getAttributes('paragraph').customStyle as string | null | undefined;
  if (custom === 'custom1' || custom === 'custom2' || custom === 'custom3') return custom;
  return 'body';
}

/** Applies a paragraph style from the toolbar's style menu. */
export function applyStyle(editor: Editor, style: string) {
  const chain = editor.chain().focus();
  if (editor.isActive('blockquote') && style !== 'quote') chain.lift('blockquote');
  if (style === 'body') chain.setParagraph().setParagraphStyle(null).run();
  else if (/^h[1-4]$/.test(style)) chain.setHeading({ level: Number(style.slice(1)) as 1 | 2 | 3 | 4 }).run();
  else if (style === 'quote') chain.setParagraph().setBlockquote().run();
  else
    chain
      .setParagraph()
      .setParagraphStyle(style as 'custom1')
      .run();
}

/** The link sub-form: a url is encoded before it is applied; a blank url removes the link. */
export function applyLink(editor: Editor, url: string, newWindow: boolean) {
  const chain = editor.chain().focus().extendMarkRange('link');
  if (!url.trim()) {
    chain.unsetLink().run();
    return;
  }
  chain.setLink({ href: encodeLinkUrl(normaliseLinkUrl(url)), target: newWindow ? '_blank' : null }).run();
}

/**
 * The button sub-form: label and link required; applying without a url removes the button. The label
 * replaces the selected text.
 */
export function applyButton(editor: Editor, button: { label: string; url: string; design: ButtonDesign; newWindow: boolean }) {
  if (!button.url.trim()) {
    editor.chain().focus().extendMarkRange('rteButton').unsetButton().run();
    return;
  }
  const attrs = { url: encodeLinkUrl(normaliseLinkUrl(button.url)), design: button.design, newWindow: button.newWindow };
  const { from } = editor.state.selection;
  editor
    .chain()
    .focus()
    .extendMarkRange('rteButton')
    .insertContent({ type: 'text', text: button.label, marks: [{ type: 'rteButton', attrs }] })
    .setTextSelection({ from, to: from + button.label.length })
    .run();
}

/** The colour sub-form: text colour (default black) and highlight (default transparent; only alpha > 0 applies). */
export function applyColors(editor: Editor, text: string | null, highlight: string | null) {
  const chain = editor.chain().focus();
  if (text) chain.setColor(colorToCss(parseColor(text)));
  else chain.unsetColor();
  const background = highlight ? highlightColor(parseColor(highlight)) : null;
  if (background) chain.setBackgroundColor(background);
  else chain.unsetBackgroundColor();
  chain.run();
}
