import { listEntryValue, moveItem, splitTags } from '@emblem/core';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../lib/api';
import { serverMessage } from '../setting/messages';
import { saveSetting } from '../setting/save';

/** One entry of a list setting (§3 "Extra list templates"). */
export interface ListEntry {
  id?: number | string;
  label: string;
  /** The stored value; a new entry without one gets an index-and-slug value (§5). */
  value: string;
  /** Display toggle. */
  visible?: boolean;
}

/**
 * How a list shows and adds its entries. The templates with a consumer now: text (default), tags and fileTypes
 * (blocked extensions in account and project settings). Unknown names log "Template … not found" (§8).
 */
export interface ListTemplate {
  /** Entries made from what was typed in the add field. */
  parse: (input: string, existing: ListEntry[]) => Omit<ListEntry, 'value'>[];
  render?: (entry: ListEntry) => ReactNode;
}

export const LIST_TEMPLATES: Record<string, ListTemplate> = {
  text: { parse: (input) => (input.trim() ? [{ label: input.trim(), visible: true }] : []) },
  tags: {
    parse: (input, existing) =>
      splitTags(
        input,
        existing.map((e) => e.label),
      ).map((label) => ({ label, visible: true })),
    render: (entry) => <span className="tag">{entry.label}</span>,
  },
  fileTypes: {
    parse: (input, existing) =>
      splitTags(
        input
          .split(/[\s,]+/)
          .map((e) => e.replace(/^\*?\./, '').toLowerCase())
          .join(','),
        existing.map((e) => e.label),
      ).map((label) => ({ label, visible: true })),
    render: (entry) => <code>.{entry.label}</code>,
  },
};

export function listTemplate(name: string | undefined): ListTemplate {
  const template = LIST_TEMPLATES[name ?? 'text'];
  if (template) return template;
  console.error(`Template ${name} not found`);
  return LIST_TEMPLATES.text as ListTemplate;
}

export interface ListSettingProps {
  label: string;
  name: string;
  value: ListEntry[];
  /** Entries are created with POST {api}, edited with PUT {api}/{id}, reordered with PUT {api}/position. */
  api?: string | null;
  /** Deletes go to DELETE {deleteApi}/{id} when given, else DELETE {api}/{id}. */
  deleteApi?: string | null;
  template?: string;
  /** Offer the display toggle. */
  displayToggle?: boolean;
  /** The last visible entry cannot be hidden (the conditional last-visible-item state, §4). */
  keepOneVisible?: boolean;
  readonly?: boolean;
  addLabel?: string;
  onChange?: (entries: ListEntry[]) => void;
  description?: ReactNode;
}

/**
 * List (§3, §4, §5, §7): add, edit, remove, reorder and a display toggle; the last visible entry can be kept
 * visible; a new entry without a value gets an index-and-slug value.
 */
export function ListSetting({
  label,
  name,
  value,
  api,
  deleteApi,
  template: templateName,
  displayToggle,
  keepOneVisible,
  readonly,
  addLabel,
  onChange,
  description,
}: ListSettingProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const template = listTemplate(templateName);
  const [entries, setEntriesState] = useState<ListEntry[]>(value);
  const entriesRef = useRef(entries);
  const [input, setInput] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [editText, setEditText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const setEntries = (next: ListEntry[]) => {
    entriesRef.current = next;
    setEntriesState(next);
    onChange?.(next);
  };

  const fail = (message: string | undefined) => setError(message ? serverMessage(t, i18n, message) : t('toolkit.setting.saveFailed'));

  const run = async (work: () => Promise<boolean>) => {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (e) {
      fail(e instanceof ApiError ? e.error : undefined);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    run(async () => {
      const made = template.parse(input, entriesRef.current);
      if (made.length === 0) return false;
      let next = [...entriesRef.current];
      for (const entry of made) {
        const fresh: ListEntry = { ...entry, value: listEntryValue(next.length, entry.label) };
        const reply = await saveSetting({ api, method: 'POST', fields: { [name]: fresh }, language: i18n.language });
        if (!reply.success) {
          fail(Object.values(reply.errors)[0] ?? reply.error);
          return false;
        }
        const saved = (reply.savedEntry as Partial<ListEntry> | undefined) ?? {};
        next = [...next, { ...fresh, ...saved }];
      }
      setEntries(next);
      setInput('');
      setAnnouncement(t('toolkit.list.added', { count: made.length }));
      return true;
    });

  const update = (index: number, patch: Partial<ListEntry>) =>
    run(async () => {
      const entry = entriesRef.current[index];
      if (!entry) return false;
      const next = { ...entry, ...patch };
      if (api && entry.id !== undefined) await request(`${api}/${entry.id}`, { method: 'PUT', body: { ...next, i18n: i18n.language } });
      setEntries(entriesRef.current.map((e, i) => (i === index ? next : e)));
      return true;
    });

  const remove = (index: number) =>
    run(async () => {
      const entry = entriesRef.current[index];
      if (!entry) return false;
      const base = deleteApi ?? api;
      if (base && entry.id !== undefined) await request(`${base}/${entry.id}`, { method: 'DELETE' });
      setEntries(entriesRef.current.filter((_, i) => i !== index));
      setAnnouncement(t('toolkit.list.removed', { label: entry.label }));
      return true;
    });

  const move = (from: number, to: number) =>
    run(async () => {
      const next = moveItem(entriesRef.current, from, to);
      if (api) await request(`${api}/position`, { method: 'PUT', body: { items: next.map((e) => e.id ?? e.value) } });
      setEntries(next);
      setAnnouncement(t('toolkit.list.moved', { label: next[to]?.label ?? '', position: to + 1 }));
      return true;
    });

  const visibleCount = entries.filter((e) => e.visible !== false).length;

  return (
    <section className="setting setting--list" aria-labelledby={`${id}-label`} data-label={label} aria-busy={busy || undefined}>
      <div className="setting__header">
        <h3 id={`${id}-label`} className="setting__label">
          {label}
        </h3>
      </div>
      {description ? <p className="setting__description">{description}</p> : null}
      {entries.length === 0 ? <p className="muted">{t('toolkit.list.empty')}</p> : null}
      <ul className="list-setting__items">
        {entries.map((entry, index) => {
          const visible = entry.visible !== false;
          const lastVisible = keepOneVisible && visible && visibleCount === 1;
          return (
            <li
              key={entry.id ?? entry.value}
              className="list-setting__item"
              data-visible={visible}
              data-last-visible={lastVisible || undefined}
            >
              {editing === index ? (
                <input
                  className="field__input"
                  aria-label={t('toolkit.list.editLabel', { label: entry.label })}
                  value={editText}
                  // biome-ignore lint/a11y/noAutofocus: the field replaces the entry the user chose to edit.
                  autoFocus
                  onChange={(e) => setEditText(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      const text = editText.trim();
                      setEditing(null);
                      if (text && text !== entry.label) void update(index, { label: text });
                    } else if (e.key === 'Escape') {
                      e.preventDefault();
                      setEditing(null);
                    }
                  }}
                  onBlur={() => setEditing(null)}
                />
              ) : (
                <span className="list-setting__label">{template.render ? template.render(entry) : entry.label}</span>
              )}
              {readonly ? null : (
                <span className="list-setting__actions">
                  {displayToggle ? (
                    <label className="inline-check" title={lastVisible ? t('toolkit.list.lastVisible') : undefined}>
                      <input
                        type="checkbox"
                        checked={visible}
                        disabled={lastVisible || busy}
                        aria-describedby={lastVisible ? `${id}-last-visible` : undefined}
                        onChange={(e) => void update(index, { visible: e.target.checked })}
                      />
                      {t('toolkit.list.show', { label: entry.label })}
                    </label>
                  ) : null}
                  <button
                    type="button"
                    className="button button--sm button--ghost"
                    onClick={() => {
                      setEditText(entry.label);
                      setEditing(index);
                    }}
                    aria-label={t('toolkit.list.edit', { label: entry.label })}
                  >
                    ✎
                  </button>
                  <button
                    type="button"
                    className="button button--sm button--ghost"
                    disabled={index === 0 || busy}
                    onClick={() => void move(index, index - 1)}
                    aria-label={t('toolkit.list.moveUp', { label: entry.label })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--sm button--ghost"
                    disabled={index === entries.length - 1 || busy}
                    onClick={() => void move(index, index + 1)}
                    aria-label={t('toolkit.list.moveDown', { label: entry.label })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--sm button--ghost button--danger-text"
                    disabled={busy}
                    onClick={() => void remove(index)}
                    aria-label={t('toolkit.list.remove', { label: entry.label })}
                  >
                    ×
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {keepOneVisible ? (
        <p id={`${id}-last-visible`} className="visually-hidden">
          {t('toolkit.list.lastVisible')}
        </p>
      ) : null}
      {readonly ? null : (
        <form
          className="list-setting__add"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <label className="visually-hidden" htmlFor={`${id}-add`}>
            {addLabel ?? t('toolkit.list.addLabel', { label })}
          </label>
          <input
            id={`${id}-add`}
            className="field__input"
            value={input}
            placeholder={templateName === 'tags' || templateName === 'fileTypes' ? t('toolkit.list.commaHint') : undefined}
            onChange={(e) => setInput(e.target.value)}
          />
          <button type="submit" className="button button--sm" disabled={busy || input.trim() === ''}>
            {t('toolkit.list.add')}
          </button>
        </form>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </section>
  );
}
