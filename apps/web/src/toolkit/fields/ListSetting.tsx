import { listEntryValue, moveItem, splitTags, type ValidationRules, validateFields } from '@emblem/core';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../lib/api';
import { serverMessage, validationMessage } from '../setting/messages';
import { type SaveReply, saveSetting } from '../setting/save';

/** One entry of a list setting. */
export interface ListEntry {
  id?: number | string;
  label: string;
  /** The stored value; a new entry without one gets an index-and-slug value. */
  value: string;
  /** Display toggle. */
  visible?: boolean;
  /** Structured entries carry their fields (see `ListEntryField`) next to the label. */
  [field: string]: unknown;
}

/**
 * A structured part of an entry besides its label, e.g. a download size's width (e.g.
 * download form builder fields, project licences…). Added and edited next to the label; a number field saves a
 * number, or null when left empty.
 */
export interface ListEntryField {
  key: string;
  label: string;
  type: 'text' | 'number' | 'select';
  options?: { value: string; label: string }[];
  rules?: ValidationRules;
  placeholder?: string;
  description?: string;
}

/**
 * How a list shows and adds its entries. The templates with a consumer now: text (default), tags and fileTypes
 * (blocked extensions in account and project settings). Unknown names log "Template … not found".
 */
export interface ListTemplate {
  /** Entries made from what was typed in the add field. */
  parse: (input: string, existing: ListEntry[]) => { label: string; visible?: boolean }[];
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
  /** The last visible entry cannot be hidden (the conditional last-visible-item state). */
  keepOneVisible?: boolean;
  readonly?: boolean;
  addLabel?: string;
  onChange?: (entries: ListEntry[]) => void;
  description?: ReactNode;
  /** Structured entries: these fields are added and edited with the label (which `labelField` names). */
  fields?: readonly ListEntryField[];
  /** With `fields`: the visible label of the label input (e.g. "Name"), and its rules. */
  labelField?: { label: string; rules?: ValidationRules };
  /** How an entry reads in the list (default: the template's rendering, else its label). */
  renderEntry?: (entry: ListEntry) => ReactNode;
}

type Drafts = Record<string, string>;
const LABEL = 'label';

/** The typed value of a field from its input text: numbers are numbers, empty numbers are null. */
function fieldValue(field: ListEntryField, text: string): unknown {
  if (field.type !== 'number') return text;
  return text.trim() === '' ? null : Number(text);
}

function draftsOf(fields: readonly ListEntryField[], entry?: ListEntry): Drafts {
  const drafts: Drafts = { [LABEL]: entry?.label ?? '' };
  for (const field of fields) {
    const value = entry?.[field.key];
    drafts[field.key] = value === null || value === undefined ? (entry ? '' : (field.options?.[0]?.value ?? '')) : String(value);
  }
  return drafts;
}

/**
 * A refusal's messages per input: the server names fields `{name}.{key}` for an add (its body wraps the entry)
 * and `{key}` for an edit; `label` is the label input.
 */
function replyMessages(reply: SaveReply, prefix: string, keys: readonly string[]): { byField: Drafts; rest: string | undefined } {
  const byField: Drafts = {};
  let rest: string | undefined;
  for (const [field, message] of Object.entries(reply.errors)) {
    const key = prefix && field.startsWith(`${prefix}.`) ? field.slice(prefix.length + 1) : field;
    if (keys.includes(key)) byField[key] = message;
    else rest ??= message;
  }
  if (Object.keys(byField).length === 0) rest ??= reply.error;
  return { byField, rest };
}

/**
 * List: add, edit, remove, reorder and a display toggle; the last visible entry can be kept
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
  fields,
  labelField,
  renderEntry,
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
  const structured = fields && fields.length > 0 ? fields : null;
  const [addDrafts, setAddDrafts] = useState<Drafts>(() => draftsOf(fields ?? []));
  const [addErrors, setAddErrors] = useState<Drafts>({});
  const [editDrafts, setEditDrafts] = useState<Drafts>({});
  const [editErrors, setEditErrors] = useState<Drafts>({});
  const fieldKeys = [LABEL, ...(fields ?? []).map((f) => f.key)];
  const entryPath = (entry: ListEntry, base: string | null | undefined) =>
    base && entry.id !== undefined ? `${base}/${encodeURIComponent(String(entry.id))}` : null;

  /** Validation rules of a structured entry's inputs, run on submit; translated messages per input. */
  const check = (drafts: Drafts): Drafts => {
    const failures = validateFields([
      { name: LABEL, value: drafts[LABEL] ?? '', rules: { required: true, ...labelField?.rules } },
      ...(fields ?? []).map((f) => ({ name: f.key, value: drafts[f.key] ?? '', rules: f.rules })),
    ]);
    return Object.fromEntries(Object.entries(failures).map(([key, failure]) => [key, validationMessage(t, failure)]));
  };
  const valuesOf = (drafts: Drafts) => Object.fromEntries((fields ?? []).map((f) => [f.key, fieldValue(f, drafts[f.key] ?? '')]));

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

  const addStructured = () =>
    run(async () => {
      const messages = check(addDrafts);
      setAddErrors(messages);
      if (Object.keys(messages).length > 0) return false;
      const label = (addDrafts[LABEL] ?? '').trim();
      const fresh: ListEntry = { label, visible: true, value: listEntryValue(entriesRef.current.length, label), ...valuesOf(addDrafts) };
      const reply = await saveSetting({ api, method: 'POST', fields: { [name]: fresh }, language: i18n.language });
      if (!reply.success) {
        const { byField, rest } = replyMessages(reply, name, fieldKeys);
        setAddErrors(Object.fromEntries(Object.entries(byField).map(([k, m]) => [k, serverMessage(t, i18n, m)])));
        if (rest || Object.keys(byField).length === 0) fail(rest);
        return false;
      }
      const saved = (reply.savedEntry as Partial<ListEntry> | undefined) ?? {};
      setEntries([...entriesRef.current, { ...fresh, ...saved }]);
      setAddDrafts(draftsOf(fields ?? []));
      setAnnouncement(t('toolkit.list.added', { count: 1 }));
      return true;
    });

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

  /** PUT {api}/{id} with the edited entry; the answer's savedEntry (a new id after a rename) is taken over. */
  const update = (index: number, patch: Partial<ListEntry>, onRefused?: (reply: SaveReply) => void) =>
    run(async () => {
      const entry = entriesRef.current[index];
      if (!entry) return false;
      const next = { ...entry, ...patch };
      const reply = await saveSetting({ api: entryPath(entry, api), method: 'PUT', fields: next, language: i18n.language });
      if (!reply.success) {
        if (onRefused) onRefused(reply);
        else fail(Object.values(reply.errors)[0] ?? reply.error);
        return false;
      }
      const saved = (reply.savedEntry as Partial<ListEntry> | undefined) ?? {};
      setEntries(entriesRef.current.map((e, i) => (i === index ? { ...next, ...saved } : e)));
      return true;
    });

  const startEdit = (index: number, entry: ListEntry) => {
    setEditText(entry.label);
    setEditDrafts(draftsOf(fields ?? [], entry));
    setEditErrors({});
    setEditing(index);
  };

  const saveStructured = async (index: number) => {
    const messages = check(editDrafts);
    setEditErrors(messages);
    if (Object.keys(messages).length > 0) return;
    const ok = await update(index, { label: (editDrafts[LABEL] ?? '').trim(), ...valuesOf(editDrafts) }, (reply) => {
      const { byField, rest } = replyMessages(reply, '', fieldKeys);
      setEditErrors(Object.fromEntries(Object.entries(byField).map(([k, m]) => [k, serverMessage(t, i18n, m)])));
      if (rest || Object.keys(byField).length === 0) fail(rest);
    });
    if (ok) setEditing(null);
  };

  const remove = (index: number) =>
    run(async () => {
      const entry = entriesRef.current[index];
      if (!entry) return false;
      const path = entryPath(entry, deleteApi ?? api);
      if (path) await request(path, { method: 'DELETE' });
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
              {editing === index && structured ? (
                <StructuredInputs
                  idPrefix={`${id}-edit-${index}`}
                  fields={structured}
                  labelField={labelField}
                  drafts={editDrafts}
                  errors={editErrors}
                  onDraft={(key, text) => setEditDrafts((d) => ({ ...d, [key]: text }))}
                  onSubmit={() => void saveStructured(index)}
                  onCancel={() => setEditing(null)}
                  submitLabel={t('toolkit.list.save')}
                  cancelLabel={t('common.cancel')}
                  busy={busy}
                  legend={t('toolkit.list.editEntry', { label: entry.label })}
                />
              ) : editing === index ? (
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
                <span className="list-setting__label">
                  {renderEntry ? renderEntry(entry) : template.render ? template.render(entry) : entry.label}
                </span>
              )}
              {readonly || (structured && editing === index) ? null : (
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
                    onClick={() => startEdit(index, entry)}
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
      {readonly ? null : structured ? (
        <StructuredInputs
          idPrefix={`${id}-add`}
          fields={structured}
          labelField={labelField}
          drafts={addDrafts}
          errors={addErrors}
          onDraft={(key, text) => setAddDrafts((d) => ({ ...d, [key]: text }))}
          onSubmit={() => void addStructured()}
          submitLabel={t('toolkit.list.add')}
          busy={busy}
          legend={addLabel ?? t('toolkit.list.addLabel', { label })}
        />
      ) : (
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

/** The inputs of a structured entry (label plus fields) as one small form: Enter or the button submits. */
function StructuredInputs({
  idPrefix,
  fields,
  labelField,
  drafts,
  errors,
  onDraft,
  onSubmit,
  onCancel,
  submitLabel,
  cancelLabel,
  busy,
  legend,
}: {
  idPrefix: string;
  fields: readonly ListEntryField[];
  labelField?: { label: string };
  drafts: Drafts;
  errors: Drafts;
  onDraft: (key: string, text: string) => void;
  onSubmit: () => void;
  onCancel?: () => void;
  submitLabel: string;
  cancelLabel?: string;
  busy: boolean;
  legend: string;
}) {
  const { t } = useTranslation();
  const inputs: ListEntryField[] = [{ key: LABEL, label: labelField?.label ?? t('toolkit.list.name'), type: 'text' }, ...fields];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      className="list-setting__entry-form"
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onCancel) {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <fieldset className="list-setting__fieldset">
        <legend className="visually-hidden">{legend}</legend>
        {inputs.map((field, index) => {
          const inputId = `${idPrefix}-${field.key}`;
          const message = errors[field.key];
          const described = [field.description ? `${inputId}-description` : '', message ? `${inputId}-error` : '']
            .filter(Boolean)
            .join(' ');
          const common = {
            id: inputId,
            className: 'field__input',
            'aria-invalid': message ? true : undefined,
            'aria-describedby': described || undefined,
            value: drafts[field.key] ?? '',
          };
          return (
            <div key={field.key} className="list-setting__field" data-field={field.key}>
              <label className="field__label" htmlFor={inputId}>
                {field.label}
              </label>
              {field.type === 'select' ? (
                <select {...common} onChange={(e) => onDraft(field.key, e.target.value)}>
                  {(field.options ?? []).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  type={field.type === 'number' ? 'number' : 'text'}
                  inputMode={field.type === 'number' ? 'numeric' : undefined}
                  placeholder={field.placeholder}
                  // biome-ignore lint/a11y/noAutofocus: editing an entry puts the caret into its first input.
                  autoFocus={Boolean(onCancel) && index === 0}
                  onChange={(e) => onDraft(field.key, e.target.value)}
                />
              )}
              {field.description ? (
                <p id={`${inputId}-description`} className="field__description">
                  {field.description}
                </p>
              ) : null}
              {message ? (
                <p id={`${inputId}-error`} className="field__error">
                  {message}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <div className="list-setting__form-actions">
        <button type="submit" className="button button--sm" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--sm button--ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
