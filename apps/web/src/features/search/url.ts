import { FILTER_OPERATORS, type FilterOperator } from '@emblem/core';
import type { ViewMode } from '../library/AssetGrid';

/**
 * The search page's state lives in its address (decision 0041), so a search can be bookmarked, shared and walked
 * back and forth through the history:
 *
 *   /brands/1/search?q=summer%20logo&f=type:IS:Image&f=extension:IS_ONE_OF:png,jpg&sort=newest&view=list
 *
 * - `q`: the words;
 * - `f`: one per filter, `field:OPERATOR` then `:value` unless the operator takes none; several values (IS_ONE_OF,
 *   a colour and its distance) are separated by commas. Each value is percent-encoded on its own, so a value may
 *   hold `:` or `,`; the separators stay readable;
 * - `sort`: `newest`, `oldest`, `title`, `size` (relevance, the default, is left out);
 * - `view`: `list` (the grid, the default, is left out).
 */
export interface UrlFilter {
  field: string;
  operator: FilterOperator;
  /** [] for IS_EMPTY/IS_NOT_EMPTY, one value, or several (IS_ONE_OF, IS_NOT_ONE_OF; a colour and its distance). */
  values: string[];
}

export const SORT_CHOICES = ['relevance', 'newest', 'oldest', 'title', 'size'] as const;
export type SortChoice = (typeof SORT_CHOICES)[number];

export interface SearchState {
  q: string;
  filters: UrlFilter[];
  sort: SortChoice;
  view: ViewMode;
}

export const EMPTY_SEARCH: SearchState = { q: '', filters: [], sort: 'relevance', view: 'grid' };

const FIELD = /^[a-z_]+(\.[0-9]+)?$/;

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * One `f` value as it stands in the address (not yet percent-decoded); null when it is not a filter. A link written
 * by a generic encoder (URLSearchParams turns `:` and `,` into escapes) is read too, decoded as a whole first.
 */
export function parseFilter(raw: string): UrlFilter | null {
  if (raw.includes(':')) return parseParts(raw, decode);
  const whole = decode(raw);
  return whole?.includes(':') ? parseParts(whole, (part) => part) : null;
}

function parseParts(raw: string, decodePart: (part: string) => string | null): UrlFilter | null {
  const first = raw.indexOf(':');
  if (first <= 0) return null;
  const second = raw.indexOf(':', first + 1);
  const field = decodePart(raw.slice(0, first));
  const operator = decodePart(second === -1 ? raw.slice(first + 1) : raw.slice(first + 1, second));
  if (!field || !FIELD.test(field) || !operator || !(FILTER_OPERATORS as readonly string[]).includes(operator)) return null;
  if (second === -1) return { field, operator: operator as FilterOperator, values: [] };
  const values: string[] = [];
  for (const part of raw.slice(second + 1).split(',')) {
    const value = decodePart(part);
    if (value === null) return null;
    values.push(value);
  }
  return { field, operator: operator as FilterOperator, values };
}

export function formatFilter(filter: UrlFilter): string {
  const head = `${filter.field}:${filter.operator}`;
  return filter.values.length === 0 ? head : `${head}:${filter.values.map(encodeURIComponent).join(',')}`;
}

/** The state in an address's query (`location.search`, with or without its `?`). Unknown parts are left out. */
export function parseSearch(search: string): SearchState {
  const state: SearchState = { ...EMPTY_SEARCH, filters: [] };
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const raw = eq === -1 ? '' : pair.slice(eq + 1);
    if (key === 'f') {
      const filter = parseFilter(raw);
      if (filter) state.filters.push(filter);
    } else if (key === 'q') {
      state.q = decode(raw) ?? '';
    } else if (key === 'sort') {
      const sort = decode(raw);
      if ((SORT_CHOICES as readonly string[]).includes(sort ?? '')) state.sort = sort as SortChoice;
    } else if (key === 'view') {
      if (decode(raw) === 'list') state.view = 'list';
    }
  }
  return state;
}

/** The address query of a state: `?q=…&f=…&sort=…&view=…`, defaults left out; '' for the empty search. */
export function formatSearch(state: SearchState): string {
  const parts: string[] = [];
  const q = state.q.trim();
  if (q) parts.push(`q=${encodeURIComponent(q)}`);
  for (const filter of state.filters) parts.push(`f=${formatFilter(filter)}`);
  if (state.sort !== 'relevance') parts.push(`sort=${state.sort}`);
  if (state.view !== 'grid') parts.push(`view=${state.view}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export function sameFilter(a: UrlFilter, b: UrlFilter): boolean {
  return (
    a.field === b.field && a.operator === b.operator && a.values.length === b.values.length && a.values.every((v, i) => v === b.values[i])
  );
}

/**
 * A facet value checked or unchecked: it joins (or leaves) the field's IS_ONE_OF filter, made when the first value is
 * checked and dropped with the last. A facet value counts as checked when that filter or an IS filter holds it.
 */
export function toggleFacetValue(filters: readonly UrlFilter[], field: string, value: string): UrlFilter[] {
  const index = filters.findIndex((f) => f.field === field && (f.operator === 'IS_ONE_OF' || f.operator === 'IS'));
  const current = filters[index];
  if (!current) return [...filters, { field, operator: 'IS_ONE_OF', values: [value] }];
  const has = current.values.includes(value);
  const values = has ? current.values.filter((v) => v !== value) : [...current.values, value];
  const next = [...filters];
  if (values.length === 0) next.splice(index, 1);
  else next[index] = { field, operator: values.length === 1 && current.operator === 'IS' ? 'IS' : 'IS_ONE_OF', values };
  return next;
}

export function facetValueChecked(filters: readonly UrlFilter[], field: string, value: string): boolean {
  return filters.some((f) => f.field === field && (f.operator === 'IS_ONE_OF' || f.operator === 'IS') && f.values.includes(value));
}
