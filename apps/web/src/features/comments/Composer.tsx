import type { Collaborator } from '@emblem/core';
import type { Editor } from '@tiptap/core';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { plainTextOf } from '../../toolkit/editor/extensions';
import { RichTextEditor } from '../../toolkit/editor/RichTextEditor';
import { Button } from '../../ui/Button';
import { initialsOf } from './markings';

/** What a composer sends: sanitised by the server; the users mentioned by `@` (empty without `mentionable`). */
export interface ComposerValue {
  content: string;
  mentionedUserIds: number[];
}

/** The text typed after an `@` just before the cursor, or null when the cursor is not in a mention. */
export function mentionQueryBefore(text: string): string | null {
  const match = /(?:^|\s)@([\p{L}\p{N}._-]{0,30})$/u.exec(text);
  return match ? (match[1] ?? '') : null;
}

/** Collaborators whose name or e-mail starts a word with the query, at most 6. */
export function mentionCandidates(people: Collaborator[], query: string, excludeUserId?: number): Collaborator[] {
  const q = query.toLowerCase();
  return people
    .filter((p) => p.user_id !== excludeUserId)
    .filter((p) => {
      const words = `${p.name ?? ''} ${p.email}`.toLowerCase().split(/[\s@.]+/);
      return q === '' || words.some((w) => w.startsWith(q));
    })
    .slice(0, 6);
}

const nameOf = (p: Collaborator) => p.name || p.email;

/**
 * A rich-text composer (bold, italic, lists, links) with, when `mentionable` is given, `@` suggestions of the
 * project's collaborators: ↑/↓ choose, Enter or Tab insert, Escape closes. A mentioned person stays mentioned
 * while their `@Name` is in the text.
 */
export function Composer({
  label,
  submitLabel,
  initial = '',
  mentionable,
  selfId,
  onSubmit,
  onCancel,
  extra,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  mentionable?: Collaborator[];
  selfId?: number;
  onSubmit: (value: ComposerValue) => Promise<unknown>;
  onCancel?: () => void;
  /** Controls shown beside the buttons (the marking of a new comment). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const editorRef = useRef<Editor | null>(null);
  const [html, setHtml] = useState(initial);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [mentioned, setMentioned] = useState<Map<string, number>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const candidates = mentionable && query !== null ? mentionCandidates(mentionable, query, selfId) : [];
  const open = candidates.length > 0;
  const listId = `${id}-mentions`;
  const errorId = `${id}-error`;

  // The editor's text box owns the suggestions: aria-controls and the active option. It stays a multi-line
  // textbox, which may not carry aria-expanded (axe: aria-allowed-attr), so an open list shows by aria-controls.
  useEffect(() => {
    const dom = editorRef.current?.view.dom;
    if (!dom || !mentionable) return;
    dom.setAttribute('aria-autocomplete', 'list');
    if (open) {
      dom.setAttribute('aria-controls', listId);
      dom.setAttribute('aria-activedescendant', `${listId}-${active}`);
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  }, [open, active, listId, mentionable]);

  const onChange = (next: string) => {
    setHtml(next);
    setError(null);
    const editor = editorRef.current;
    if (!editor || !mentionable) return;
    const { from } = editor.state.selection;
    setQuery(mentionQueryBefore(editor.state.doc.textBetween(Math.max(0, from - 40), from, '\n', ' ')));
    setActive(0);
  };

  const choose = (person: Collaborator) => {
    const editor = editorRef.current;
    if (!editor || query === null) return;
    const { from } = editor.state.selection;
    const name = nameOf(person);
    editor
      .chain()
      .focus()
      .deleteRange({ from: from - query.length - 1, to: from })
      .insertContent(`@${name} `)
      .run();
    setMentioned((current) => new Map(current).set(name, person.user_id));
    setQuery(null);
  };

  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'ArrowDown') setActive((active + 1) % candidates.length);
    else if (event.key === 'ArrowUp') setActive((active - 1 + candidates.length) % candidates.length);
    else if (event.key === 'Enter' || event.key === 'Tab') {
      const person = candidates[active];
      if (person) choose(person);
    } else if (event.key === 'Escape') setQuery(null);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const text = plainTextOf(html).trim();
  const submit = async () => {
    if (!text || busy) return;
    setBusy(true);
    setError(null);
    try {
      const mentionedUserIds = [...mentioned].filter(([name]) => text.includes(`@${name}`)).map(([, userId]) => userId);
      await onSubmit({ content: html, mentionedUserIds: [...new Set(mentionedUserIds)] });
      editorRef.current?.commands.clearContent(true);
      setHtml('');
      setMentioned(new Map());
    } catch (caught) {
      const field = caught instanceof ApiError ? (caught.fieldError('mentioned_user_ids') ?? caught.fieldError('content')) : undefined;
      setError(field ?? errorMessage(caught, t('comments.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="comment-composer">
      <div className="comment-composer__editor" onKeyDownCapture={onKeyDownCapture}>
        <RichTextEditor
          value={initial}
          label={label}
          set="comment"
          toolbarStyle="inline"
          placeholder={mentionable ? t('comments.placeholderMention') : t('comments.placeholder')}
          onChange={onChange}
          onEditor={(editor) => {
            editorRef.current = editor;
          }}
          describedBy={error ? errorId : undefined}
          invalid={Boolean(error)}
        />
        {open ? (
          <div className="comment-mentions" id={listId} role="listbox" aria-label={t('comments.mentionSuggestions')}>
            {candidates.map((person, index) => (
              <div
                key={person.user_id}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={`comment-mentions__option${index === active ? ' comment-mentions__option--active' : ''}`}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(person);
                }}
              >
                <span className="avatar avatar--sm" aria-hidden="true">
                  {initialsOf(nameOf(person))}
                </span>
                <span>{nameOf(person)}</span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="comment-composer__actions">
        {extra}
        {onCancel ? (
          <Button size="sm" variant="ghost" onPress={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button size="sm" variant="primary" isDisabled={!text} isPending={busy} onPress={() => void submit()}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
