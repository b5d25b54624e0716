import { Extension, type Extensions, Mark, mergeAttributes, Node } from '@tiptap/core';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';

/**
 * The editor's schema. Everything it writes stays inside the sanitiser's allow-list (apps/server's sanitiser: p div span
 * strong em u s blockquote ul ol li br pre code a img h1–h6; href src alt title class style align target):
 * sub- and superscript are spans with a class, buttons are links with a class, the column break is a div.
 */

export const BUTTON_DESIGNS = ['primary', 'secondary', 'tertiary'] as const;
export type ButtonDesign = (typeof BUTTON_DESIGNS)[number];

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    rteButton: {
      setButton: (attributes: { url: string; design: ButtonDesign; newWindow: boolean }) => ReturnType;
      unsetButton: () => ReturnType;
    };
    spanScript: {
      toggleSubscript: () => ReturnType;
      toggleSuperscript: () => ReturnType;
    };
    indent: {
      indent: () => ReturnType;
      outdent: () => ReturnType;
    };
    columnBreak: {
      insertColumnBreak: () => ReturnType;
    };
    paragraphStyle: {
      setParagraphStyle: (style: 'custom1' | 'custom2' | 'custom3' | null) => ReturnType;
    };
  }
}

/** A button: label (the text), design, url and new window; rendered as a styled link. */
export const RteButton = Mark.create({
  name: 'rteButton',
  priority: 1100,
  inclusive: false,
  excludes: 'link',
  addAttributes() {
    return {
      url: { default: null, parseHTML: (el) => el.getAttribute('href') },
      design: {
        default: 'primary',
        parseHTML: (el) => BUTTON_DESIGNS.find((d) => el.classList.contains(`rte-button--${d}`)) ?? 'primary',
      },
      newWindow: { default: false, parseHTML: (el) => el.getAttribute('target') === '_blank' },
    };
  },
  parseHTML() {
    // A button without a url is not a button (it is dropped to plain text).
    return [{ tag: 'a.rte-button[href]' }];
  },
  renderHTML({ mark }) {
    const { url, design, newWindow } = mark.attrs as { url: string; design: ButtonDesign; newWindow: boolean };
    return [
      'a',
      {
        href: url,
        class: `rte-button rte-button--${design}`,
        ...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
      },
      0,
    ];
  },
  addCommands() {
    return {
      setButton:
        (attributes) =>
        ({ commands }) =>
          commands.setMark(this.name, attributes),
      unsetButton:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name, { extendEmptyMarkRange: true }),
    };
  },
});

function spanMark(name: 'subscript' | 'superscript', className: string, exclude: string) {
  return Mark.create({
    name,
    excludes: exclude,
    parseHTML() {
      return [{ tag: `span.${className}` }, { tag: name === 'subscript' ? 'sub' : 'sup' }];
    },
    renderHTML({ HTMLAttributes }) {
      return ['span', mergeAttributes(HTMLAttributes, { class: className }), 0];
    },
  });
}

export const Subscript = spanMark('subscript', 'rte-sub', 'superscript');
export const Superscript = spanMark('superscript', 'rte-sup', 'subscript');

export const SpanScriptCommands = Extension.create({
  name: 'spanScript',
  addCommands() {
    return {
      toggleSubscript:
        () =>
        ({ commands }) =>
          commands.toggleMark('subscript'),
      toggleSuperscript:
        () =>
        ({ commands }) =>
          commands.toggleMark('superscript'),
    };
  },
});

/** Indent levels 0–5 on paragraphs and headings, as a class (rte-indent-N). */
export const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          indent: {
            default: 0,
            parseHTML: (el) => Number(/rte-indent-(\d)/.exec(el.className)?.[1] ?? 0),
            renderHTML: (attrs) => (attrs.indent ? { class: `rte-indent-${attrs.indent}` } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    const change =
      (delta: number) =>
      () =>
      ({
        tr,
        state,
        dispatch,
      }: {
        tr: import('@tiptap/pm/state').Transaction;
        state: import('@tiptap/pm/state').EditorState;
        dispatch?: unknown;
      }) => {
        const { from, to } = state.selection;
        let changed = false;
        state.doc.nodesBetween(from, to, (node, pos) => {
          if (node.type.name === 'paragraph' || node.type.name === 'heading') {
            const indent = Math.max(0, Math.min(5, Number(node.attrs.indent ?? 0) + delta));
            if (indent !== node.attrs.indent) {
              tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent });
              changed = true;
            }
          }
        });
        if (changed && dispatch) (dispatch as (t: typeof tr) => void)(tr);
        return changed;
      };
    return { indent: change(1), outdent: change(-1) };
  },
});

/** Paragraph styles custom1–custom3, as a class on the paragraph. */
export const ParagraphStyle = Extension.create({
  name: 'paragraphStyle',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph'],
        attributes: {
          customStyle: {
            default: null,
            parseHTML: (el) => /\b(custom[123])\b/.exec(el.className)?.[1] ?? null,
            renderHTML: (attrs) => (attrs.customStyle ? { class: attrs.customStyle } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      setParagraphStyle:
        (style) =>
        ({ commands }) =>
          commands.setNode('paragraph', { customStyle: style }),
    };
  },
});

/** A column break (the toolbar's "column break"): a block that splits text columns. */
export const ColumnBreak = Node.create({
  name: 'columnBreak',
  group: 'block',
  atom: true,
  selectable: true,
  parseHTML() {
    return [{ tag: 'div.column-break' }];
  },
  renderHTML() {
    return ['div', { class: 'column-break' }];
  },
  addCommands() {
    return {
      insertColumnBreak:
        () =>
        ({ commands }) =>
          commands.insertContent({ type: this.name }),
    };
  },
});

export function editorExtensions(options: { placeholder?: string } = {}): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: false,
        HTMLAttributes: { rel: 'noopener noreferrer', target: null },
      },
    }),
    TextStyle,
    Color,
    BackgroundColor,
    FontSize,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    Subscript,
    Superscript,
    SpanScriptCommands,
    RteButton,
    Indent,
    ParagraphStyle,
    ColumnBreak,
    Placeholder.configure({ placeholder: options.placeholder ?? '' }),
  ];
}

/** A trailing double newline is removed on setup (empty paragraphs or line breaks at the end). */
export function stripTrailingBreaks(html: string): string {
  let next = html;
  for (;;) {
    const trimmed = next.replace(/(?:<p>\s*(?:<br\s*\/?>)?\s*<\/p>\s*|<br\s*\/?>\s*<br\s*\/?>\s*)$/i, '');
    if (trimmed === next) return next;
    next = trimmed;
  }
}

/**
 * The text of pasted HTML for plain paste: only text, with a button's label for a button, paragraphs and
 * line breaks kept as newlines.
 */
export function plainTextOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const br of doc.querySelectorAll('br')) br.replaceWith('\n');
  for (const button of doc.querySelectorAll('button, a.rte-button, a.button')) button.replaceWith(button.textContent ?? '');
  const blocks = doc.body.querySelectorAll('p, div, h1, h2, h3, h4, h5, h6, li, blockquote, pre');
  for (const block of blocks) block.append('\n');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').replace(/\n+$/, '');
}
