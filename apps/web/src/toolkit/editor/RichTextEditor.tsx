import {
  colorToCss,
  EDITOR_FONT_SIZES,
  EDITOR_STYLES,
  type EditorStyle,
  encodeLinkUrl,
  highlightColor,
  normaliseLinkUrl,
  parseColor,
  TOOLKIT_DELAYS,
} from '@emblem/core';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineColorPicker } from '../fields/ColorSettings';
import { SETTING_OVERLAY_SELECTOR } from '../setting/useSetting';
import { Icon } from '../widgets/Icon';
import { LinkChooserModal, type LinkTreeLoader } from '../widgets/LinkChooser';
import { openModal } from '../widgets/Modal';
import { BUTTON_DESIGNS, type ButtonDesign, editorExtensions, plainTextOf, stripTrailingBreaks } from './extensions';
import { type Tool, type ToolbarSet, toolsOf } from './toolbar';

export interface RichTextEditorProps {
  /** The stored HTML. */
  value: string;
  /** The accessible name of the text area. */
  label: string;
  /** Called with the HTML after the save delay and when the editor loses focus, if it changed since the last save. */
  onSave?: (html: string) => void;
  /** Called on every change (previews). */
  onChange?: (html: string) => void;
  placeholder?: string;
  /** 2000 ms by default. */
  saveDelay?: number;
  /** Paste keeps only text. */
  plainPaste?: boolean;
  spellCheck?: boolean;
  /** float: the toolbar shows over a non-empty selection; inline: always above the text. */
  toolbarStyle?: 'float' | 'inline';
  set?: ToolbarSet;
  disabled?: boolean;
  /** aria-describedby / aria-invalid of the setting around it. */
  describedBy?: string;
  invalid?: boolean;
  /** Receives the Tiptap editor once it exists (for screens that insert content, and for tests). */
  onEditor?: (editor: Editor) => void;
  /** The link chooser's tree for internal links in the link form (the project or hub it belongs to). */
  loadTree?: LinkTreeLoader;
  hubId?: number | string | null;
}

type SubForm = 'link' | 'button' | 'color' | null;

/** The HTML the editor saves: '' for an empty document. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The rich-text editor on Tiptap: floating or inline toolbar with the
 * toolbar sets of editor/toolbar.ts, styles and font sizes; link, button and colour sub-forms; a link-actions bar; Shift+Enter for a
 * soft break; plain paste; saves after the save delay and when focus leaves the editor; an empty disabled editor
 * shows its own state.
 */
export function RichTextEditor({
  value,
  label,
  onSave,
  onChange,
  placeholder,
  saveDelay = TOOLKIT_DELAYS.editorSave,
  plainPaste = false,
  spellCheck = true,
  toolbarStyle = 'inline',
  set = 'post',
  disabled = false,
  describedBy,
  invalid,
  onEditor,
  loadTree,
  hubId,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const lastSaved = useRef(stripTrailingBreaks(value));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSaveRef = useRef(onSave);
  onSaveRef.current = onSave;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onEditorRef = useRef(onEditor);
  onEditorRef.current = onEditor;
  const [floatVisible, setFloatVisible] = useState(false);
  const [floatTop, setFloatTop] = useState(0);
  const [form, setForm] = useState<SubForm>(null);
  const tools = toolsOf(set);

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
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) setFloatVisible(false);
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
    onSelectionUpdate: ({ editor: ed }) => {
      if (toolbarStyle !== 'float') return;
      const { from, empty } = ed.state.selection;
      if (empty) {
        setFloatVisible(false);
        return;
      }
      try {
        const coords = ed.view.coordsAtPos(from);
        const box = containerRef.current?.getBoundingClientRect();
        setFloatTop(Math.max(0, coords.top - (box?.top ?? 0) - 44));
      } catch {
        setFloatTop(0);
      }
      setFloatVisible(true);
    },
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

  const state = useEditorState({
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

  if (!editor || !state) return null;

  const emptyDisabled = disabled && state.empty;
  const showToolbar = !disabled && tools.length > 0 && (toolbarStyle === 'inline' || floatVisible || form !== null);
  const showLinkActions = !disabled && state.link && form === null;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the editor and its toolbar (focusout) saves; no interaction of its own.
    <div
      ref={containerRef}
      className={['rte', `rte--${toolbarStyle}`, emptyDisabled ? 'rte--empty-disabled' : '', disabled ? 'rte--disabled' : '']
        .filter(Boolean)
        .join(' ')}
      data-set={set}
      onBlur={(event) => {
        const next = event.relatedTarget as Element | null;
        if (next && (containerRef.current?.contains(next) || next.closest(SETTING_OVERLAY_SELECTOR))) return;
        // The selection is lost: save now.
        flush(editor);
        setFloatVisible(false);
      }}
    >
      {showToolbar ? (
        <Toolbar
          editor={editor}
          tools={tools}
          state={state}
          label={t('toolkit.editor.toolbar', { label })}
          onForm={setForm}
          form={form}
          top={toolbarStyle === 'float' ? floatTop : undefined}
        />
      ) : null}
      {form === 'link' ? (
        <LinkForm editor={editor} href={state.href} onDone={() => setForm(null)} loadTree={loadTree} hubId={hubId} />
      ) : null}
      {form === 'button' ? <ButtonForm editor={editor} onDone={() => setForm(null)} /> : null}
      {form === 'color' ? <ColorForm editor={editor} onDone={() => setForm(null)} /> : null}
      {showLinkActions ? <LinkActions editor={editor} href={state.href} onEdit={() => setForm('link')} /> : null}
      {emptyDisabled ? <p className="rte__empty">{placeholder || t('toolkit.editor.empty')}</p> : <EditorContent editor={editor} />}
    </div>
  );
}

function currentStyle(editor: Editor): EditorStyle | 'h5' | 'h6' {
  for (const level of [1, 2, 3, 4, 5, 6] as const) if (editor.isActive('heading', { level })) return `h${level}` as EditorStyle;
  if (editor.isActive('blockquote')) return 'quote';
  const custom = editor.getAttributes('paragraph').customStyle as string | null | undefined;
  if (custom === 'custom1' || custom === 'custom2' || custom === 'custom3') return custom;
  return 'body';
}

function applyStyle(editor: Editor, style: string) {
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

interface ToolbarState {
  [key: string]: unknown;
  style: string;
  fontSize: string;
  align: string;
}

function Toolbar({
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
        <span className="rte__tool-text">Btn</span>,
      )}
      {toggle('color', form === 'color', () => onForm(form === 'color' ? null : 'color'), <span className="rte__color-tool">A</span>)}
      {toggle('columnBreak', false, () => chain().insertColumnBreak().run(), <span>‖</span>)}
      {toggle('clean', false, () => chain().unsetAllMarks().clearNodes().run(), <span>⌫</span>)}
    </div>
  );
}

/** The footer of the toolbar's sub-forms: Cancel closes the form, Apply submits it. */
function SubFormActions({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rte__form-actions">
      <button type="button" className="button button--sm" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" className="button button--sm button--primary">
        {t('toolkit.editor.apply')}
      </button>
    </div>
  );
}

/** The "open in a new window" checkbox of the link and button sub-forms. */
function NewWindowCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="inline-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {t('toolkit.link.newWindow')}
    </label>
  );
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

function LinkForm({
  editor,
  href,
  onDone,
  loadTree,
  hubId,
}: {
  editor: Editor;
  href: string;
  onDone: () => void;
  loadTree?: LinkTreeLoader;
  hubId?: number | string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const chooserId = `rte-link-chooser-${id.replace(/:/g, '')}`;
  const [url, setUrl] = useState(href);
  const [newWindow, setNewWindow] = useState(editor.getAttributes('link').target === '_blank');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    applyLink(editor, url, newWindow);
    onDone();
  };
  return (
    <form className="rte__form" onSubmit={submit} aria-label={t('toolkit.editor.linkForm')}>
      <label className="number-input__label" htmlFor={`${id}-url`}>
        {t('toolkit.editor.linkUrl')}
      </label>
      <input
        id={`${id}-url`}
        className="field__input"
        value={url}
        // biome-ignore lint/a11y/noAutofocus: the form opens for this one field from the toolbar.
        autoFocus
        onChange={(e) => setUrl(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onDone();
          }
        }}
      />
      <NewWindowCheck checked={newWindow} onChange={setNewWindow} />
      {loadTree ? (
        <>
          <button type="button" className="button button--sm" onClick={() => openModal(chooserId)}>
            {t('toolkit.link.choose')}
          </button>
          <LinkChooserModal
            modalId={chooserId}
            loadTree={loadTree}
            hubId={hubId}
            initial={{ url, newWindow }}
            onChoose={(value) => {
              setUrl(value.url);
              setNewWindow(Boolean(value.newWindow));
            }}
          />
        </>
      ) : null}
      <SubFormActions onCancel={onDone} />
    </form>
  );
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

function ButtonForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const current = editor.getAttributes('rteButton') as { url?: string; design?: ButtonDesign; newWindow?: boolean };
  const { from, to } = editor.state.selection;
  const [label, setLabel] = useState(editor.state.doc.textBetween(from, to, ' '));
  const [url, setUrl] = useState(current.url ?? '');
  const [design, setDesign] = useState<ButtonDesign>(current.design ?? 'primary');
  const [newWindow, setNewWindow] = useState(Boolean(current.newWindow));
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim() && !label.trim()) {
      setMissing(true);
      return;
    }
    applyButton(editor, { label: label.trim(), url, design, newWindow });
    onDone();
  };
  return (
    <form className="rte__form" onSubmit={submit} aria-label={t('toolkit.editor.buttonForm')}>
      <label className="number-input__label" htmlFor={`${id}-label`}>
        {t('toolkit.editor.buttonLabel')}
      </label>
      <input
        id={`${id}-label`}
        className="field__input"
        value={label}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the form opens from the toolbar for these fields.
        autoFocus
        onChange={(e) => {
          setLabel(e.target.value);
          setMissing(false);
        }}
      />
      {missing ? (
        <p id={`${id}-missing`} className="field__error">
          {t('toolkit.validation.required')}
        </p>
      ) : null}
      <label className="number-input__label" htmlFor={`${id}-url`}>
        {t('toolkit.editor.linkUrl')}
      </label>
      <input id={`${id}-url`} className="field__input" value={url} onChange={(e) => setUrl(e.target.value)} />
      <label className="number-input__label" htmlFor={`${id}-design`}>
        {t('toolkit.editor.buttonDesign')}
      </label>
      <select id={`${id}-design`} className="field__input" value={design} onChange={(e) => setDesign(e.target.value as ButtonDesign)}>
        {BUTTON_DESIGNS.map((d) => (
          <option key={d} value={d}>
            {t(`toolkit.editor.designs.${d}`)}
          </option>
        ))}
      </select>
      <NewWindowCheck checked={newWindow} onChange={setNewWindow} />
      <SubFormActions onCancel={onDone} />
    </form>
  );
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

function ColorForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation();
  const attrs = editor.getAttributes('textStyle') as { color?: string; backgroundColor?: string };
  const [text, setText] = useState<string | null>(attrs.color ?? 'rgb(0, 0, 0)');
  const [highlight, setHighlight] = useState<string | null>(attrs.backgroundColor ?? 'rgba(0, 0, 0, 0)');
  return (
    <form
      className="rte__form rte__form--color"
      aria-label={t('toolkit.editor.colorForm')}
      onSubmit={(e) => {
        e.preventDefault();
        applyColors(editor, text, highlight);
        onDone();
      }}
    >
      <InlineColorPicker
        label={t('toolkit.editor.textColor')}
        value={text}
        onChange={(c) => setText(c.rgb)}
        onInstant={(c) => setText(c.rgb)}
        showReset={false}
      />
      <InlineColorPicker
        label={t('toolkit.editor.highlight')}
        value={highlight}
        onChange={(c) => setHighlight(c.rgb)}
        onInstant={(c) => setHighlight(c.rgb)}
      />
      <SubFormActions onCancel={onDone} />
    </form>
  );
}

/** The link-actions bar: open, copy, edit, delete for the link at the cursor. */
function LinkActions({ editor, href, onEdit }: { editor: Editor; href: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="rte__link-actions" role="toolbar" aria-label={t('toolkit.editor.linkActions')}>
      <span className="rte__link-href">{href}</span>
      <button
        type="button"
        className="rte__tool"
        aria-label={t('toolkit.editor.open')}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => window.open(href, '_blank', 'noopener')}
      >
        <Icon name="external" size="sm" />
      </button>
      <button
        type="button"
        className="rte__tool"
        aria-label={t('toolkit.editor.copy')}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          void navigator.clipboard?.writeText(href).then(() => setCopied(true));
        }}
      >
        <Icon name="copy" size="sm" />
      </button>
      <button
        type="button"
        className="rte__tool"
        aria-label={t('toolkit.editor.edit')}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onEdit}
      >
        <Icon name="edit" size="sm" />
      </button>
      <button
        type="button"
        className="rte__tool"
        aria-label={t('toolkit.editor.deleteLink')}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
      >
        <Icon name="trash" size="sm" />
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t('toolkit.editor.copied') : ''}
      </span>
    </div>
  );
}
