import { EDITOR_FONT_SIZES, EDITOR_STYLES, type EditorStyle } from '@emblem/core';
import type { Editor } from '@tiptap/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../widgets/Icon';
import { applyStyle } from './commands';
import type { Tool } from './toolbar';
import type { ToolbarState } from './useToolbarState';

/** The sub-form open below the toolbar, if any. */
export type SubForm = 'link' | 'button' | 'color' | null;

/** The toolbar of the rich-text editor: the tools of its set, pressed when active at the cursor. */
export function Toolbar({
  editor,
  tools,
  state,
  label,
  onForm,
  form,
  top,
}: {
  editor: Editor;
  tools: readonly Tool[];
  state: ToolbarState;
  label: string;
  onForm: (form: SubForm) => void;
  form: SubForm;
  top?: number;
}) {
  const { t } = useTranslation();
  const has = (tool: Tool) => tools.includes(tool);
  // The name is the tool's word (visually hidden); the glyph is decoration, so name and visible text never disagree.
  const toggle = (tool: Tool, pressed: boolean, run: () => void, glyph: ReactNode) =>
    has(tool) ? (
      <button
        key={tool}
        type="button"
        className="rte__tool"
        aria-pressed={pressed}
        title={t(`toolkit.editor.tools.${tool}`)}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      >
        <span aria-hidden="true">{glyph}</span>
        <span className="visually-hidden">{t(`toolkit.editor.tools.${tool}`)}</span>
      </button>
    ) : null;
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label={label}
      className="rte__toolbar"
      style={top !== undefined ? { top: `${top}px` } : undefined}
      data-floating={top !== undefined || undefined}
    >
      {has('style') ? (
        <select
          className="rte__select"
          aria-label={t('toolkit.editor.tools.style')}
          value={EDITOR_STYLES.includes(state.style as EditorStyle) ? state.style : 'body'}
          onChange={(e) => applyStyle(editor, e.target.value)}
        >
          {EDITOR_STYLES.map((s) => (
            <option key={s} value={s}>
              {t(`toolkit.editor.styles.${s}`)}
            </option>
          ))}
          {state.style === 'h5' || state.style === 'h6' ? (
            // H5 and h6 are shown, not offered.
            <option value={state.style} disabled>
              {state.style.toUpperCase()}
            </option>
          ) : null}
        </select>
      ) : null}
      {has('fontSize') ? (
        <select
          className="rte__select"
          aria-label={t('toolkit.editor.tools.fontSize')}
          value={state.fontSize}
          onChange={(e) => (e.target.value ? chain().setFontSize(e.target.value).run() : chain().unsetFontSize().run())}
        >
          {EDITOR_FONT_SIZES.map((size) => (
            <option key={size || 'default'} value={size}>
              {size || t('toolkit.editor.defaultSize')}
            </option>
          ))}
        </select>
      ) : null}
      {toggle('bold', Boolean(state.bold), () => chain().toggleBold().run(), <strong>B</strong>)}
      {toggle('italic', Boolean(state.italic), () => chain().toggleItalic().run(), <em>I</em>)}
      {toggle('underline', Boolean(state.underline), () => chain().toggleUnderline().run(), <u>U</u>)}
      {toggle('strike', Boolean(state.strike), () => chain().toggleStrike().run(), <s>S</s>)}
      {toggle('code', Boolean(state.code), () => chain().toggleCode().run(), <code>{'<>'}</code>)}
      {toggle('subscript', Boolean(state.subscript), () => chain().toggleSubscript().run(), <span>x₂</span>)}
      {toggle('superscript', Boolean(state.superscript), () => chain().toggleSuperscript().run(), <span>x²</span>)}
      {toggle('bulletList', Boolean(state.bulletList), () => chain().toggleBulletList().run(), <span>•</span>)}
      {toggle('orderedList', Boolean(state.orderedList), () => chain().toggleOrderedList().run(), <span>1.</span>)}
      {toggle('blockquote', Boolean(state.blockquote), () => chain().toggleBlockquote().run(), <span>❝</span>)}
      {has('indent') ? (
        <>
          <button
            type="button"
            className="rte__tool"
            title={t('toolkit.editor.tools.outdent')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => chain().outdent().run()}
          >
            <span aria-hidden="true">⇤</span>
            <span className="visually-hidden">{t('toolkit.editor.tools.outdent')}</span>
          </button>
          <button
            type="button"
            className="rte__tool"
            title={t('toolkit.editor.tools.indent')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => chain().indent().run()}
          >
            <span aria-hidden="true">⇥</span>
            <span className="visually-hidden">{t('toolkit.editor.tools.indent')}</span>
          </button>
        </>
      ) : null}
      {has('align') ? (
        <select
          className="rte__select"
          aria-label={t('toolkit.editor.tools.align')}
          value={state.align}
          onChange={(e) => chain().setTextAlign(e.target.value).run()}
        >
          {(['left', 'center', 'right', 'justify'] as const).map((a) => (
            <option key={a} value={a}>
              {t(`toolkit.editor.align.${a}`)}
            </option>
          ))}
        </select>
      ) : null}
      {toggle(
        'link',
        form === 'link' || Boolean(state.link),
        () => onForm(form === 'link' ? null : 'link'),
        <Icon name="link" size="sm" />,
      )}
      {toggle(
        'button',
        form === 'button' || Boolean(state.button),
        () => onForm(form === 'button' ? null : 'button'),
        // i18n-literal: a glyph beside the tool's translated label, like the "A" of the colour tool.
        <span className="rte__tool-text">Btn</span>,
      )}
      {toggle('color', form === 'color', () => onForm(form === 'color' ? null : 'color'), <span className="rte__color-tool">A</span>)}
      {toggle('columnBreak', false, () => chain().insertColumnBreak().run(), <span>‖</span>)}
      {toggle('clean', false, () => chain().unsetAllMarks().clearNodes().run(), <span>⌫</span>)}
    </div>
  );
}
