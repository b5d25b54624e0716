import { type MetadataValue, optionIdsOf, validateMetadataValue } from '@emblem/core';
import type { MetadataProperty } from './api';

/**
 * A value while it is edited: text for TEXT, LONGTEXT, URL, NUMBER (as typed) and DATE (YYYY-MM-DD, '' while
 * incomplete); an option id or null for SELECT; option ids for MULTISELECT.
 */
export type Draft = string | number | number[] | null;

/** The draft of a stored value (or of none). */
export function toDraft(property: Pick<MetadataProperty, 'type'>, value: MetadataValue | null | undefined): Draft {
  switch (property.type) {
    case 'SELECT':
      return optionIdsOf(value ?? null)[0] ?? null;
    case 'MULTISELECT':
      return optionIdsOf(value ?? null);
    case 'NUMBER':
      return typeof value === 'number' ? String(value) : '';
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** Whether a draft holds nothing (it would clear the value). */
export function isEmptyDraft(draft: Draft): boolean {
  if (draft === null) return true;
  if (Array.isArray(draft)) return draft.length === 0;
  return typeof draft === 'string' && draft.trim() === '';
}

/**
 * The value a draft stands for, checked with the shared rules (`validateMetadataValue`): `{value}` (null = no
 * value) or `{error}` in the server's words.
 */
export function fromDraft(
  property: Pick<MetadataProperty, 'type' | 'options'>,
  draft: Draft,
): { value: MetadataValue | null } | { error: string } {
  const check = validateMetadataValue(property, draft);
  return check.ok ? { value: check.value } : { error: check.error };
}

/** The value as people read it: option names, the number with its unit, the date as the browser writes dates. */
export function displayValue(property: MetadataProperty, value: MetadataValue | null | undefined, locale?: string): string {
  if (value === null || value === undefined) return '';
  switch (property.type) {
    case 'SELECT':
    case 'MULTISELECT': {
      const names = new Map(property.options.map((o) => [o.id, o.value]));
      return optionIdsOf(value)
        .map((id) => names.get(id))
        .filter((name): name is string => Boolean(name))
        .join(', ');
    }
    case 'NUMBER':
      return typeof value === 'number'
        ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(value)}${property.unit ? ` ${property.unit}` : ''}`
        : '';
    case 'DATE': {
      if (typeof value !== 'string') return '';
      const [y, m, d] = value.split('-').map(Number);
      if (!y || !m || !d) return value;
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
    }
    default:
      return typeof value === 'string' ? value : '';
  }
}
