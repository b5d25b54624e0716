import { splitTags, type ValidationRules } from '@emblem/core';
import type { ReactNode } from 'react';
import type { SaveReply } from '../setting/save';

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

/** The input texts of an entry being added or edited, by field key (`label` is the label input). */
export type Drafts = Record<string, string>;
export const LABEL = 'label';

/** The typed value of a field from its input text: numbers are numbers, empty numbers are null. */
export function fieldValue(field: ListEntryField, text: string): unknown {
  if (field.type !== 'number') return text;
  return text.trim() === '' ? null : Number(text);
}

export function draftsOf(fields: readonly ListEntryField[], entry?: ListEntry): Drafts {
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
export function replyMessages(reply: SaveReply, prefix: string, keys: readonly string[]): { byField: Drafts; rest: string | undefined } {
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

/** The props of ListSetting (here, below both ListSetting and its hook). */
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
