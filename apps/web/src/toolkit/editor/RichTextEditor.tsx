import type { Editor } from '@tiptap/core';
import { EditorContent } from '@tiptap/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTING_OVERLAY_SELECTOR } from '../setting/useSetting';
import type { LinkTreeLoader } from '../widgets/LinkChooser';
import { type SubForm, Toolbar } from './EditorToolbar';
import { LinkActions } from './LinkActions';
import { ButtonForm, ColorForm, LinkForm } from './SubForms';
import { type ToolbarSet, toolsOf } from './toolbar';
import { useFloatingToolbar } from './useFloatingToolbar';
import { useRichTextEditor } from './useRichTextEditor';
import { useToolbarState } from './useToolbarState';

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
  saveDelay,
  plainPaste,
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
  const floating = useFloatingToolbar(toolbarStyle, containerRef);
  const [form, setForm] = useState<SubForm>(null);
  const tools = toolsOf(set);
  const { editor, flush } = useRichTextEditor({
    value,
    label,
    onSave,
    onChange,
    onEditor,
    placeholder,
    saveDelay,
    plainPaste,
    spellCheck,
    disabled,
    describedBy,
    invalid,
    onTyping: floating.hide,
    onSelection: floating.follow,
  });
  const state = useToolbarState(editor);

  if (!editor || !state) return null;

  const emptyDisabled = disabled && state.empty;
  const showToolbar = !disabled && tools.length > 0 && (toolbarStyle === 'inline' || floating.visible || form !== null);
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
        floating.hide();
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
          top={toolbarStyle === 'float' ? floating.top : undefined}
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
