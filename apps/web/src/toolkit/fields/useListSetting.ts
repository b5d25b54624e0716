import { listEntryValue, moveItem, validateFields } from '@emblem/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../lib/api';
import { serverMessage, validationMessage } from '../setting/messages';
import { type SaveReply, saveSetting } from '../setting/save';
import { useToolkitWrite } from '../setting/useToolkitWrite';
import type { ListSettingProps } from './listEntries';
import { type Drafts, draftsOf, fieldValue, LABEL, type ListEntry, listTemplate, replyMessages } from './listEntries';

/**
 * The state and writes of a ListSetting: its entries (POST {api} to add, PUT {api}/{id} to edit, DELETE to remove,
 * PUT {api}/position to reorder), the add input or drafts, the entry being edited, the busy state, the error and the
 * screen-reader announcement.
 */
export function useListSetting({ name, value, api, deleteApi, template: templateName, onChange, fields, labelField }: ListSettingProps) {
  const { t, i18n } = useTranslation();
  const template = listTemplate(templateName);
  const [entries, setEntriesState] = useState<ListEntry[]>(value);
  const entriesRef = useRef(entries);
  const [input, setInput] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [editText, setEditText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const write = useToolkitWrite(setError);
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

  const failMessage = (message: string | undefined) => (message ? serverMessage(t, i18n, message) : t('toolkit.setting.saveFailed'));
  const fail = (message: string | undefined) => setError(failMessage(message));

  /** One write at a time shows busy; a thrown ApiError's message (else the generic one) shows under the list. */
  const run = async (work: () => Promise<boolean>) => {
    setError(null);
    return (await write.run(work, (e) => failMessage(e instanceof ApiError ? e.error : undefined))) ?? false;
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

  return {
    template,
    entries,
    input,
    setInput,
    editing,
    setEditing,
    editText,
    setEditText,
    error,
    busy: write.busy,
    announcement,
    structured,
    addDrafts,
    setAddDrafts,
    addErrors,
    editDrafts,
    setEditDrafts,
    editErrors,
    addStructured,
    add,
    update,
    startEdit,
    saveStructured,
    remove,
    move,
    visibleCount,
  };
}
