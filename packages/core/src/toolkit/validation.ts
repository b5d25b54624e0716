import { DEFAULT_DATE_FORMAT, parseDate } from './dates.js';
import { normaliseLinkUrl } from './text.js';

/** The standard validation messages, each a translation key of the web app. */
export const VALIDATION_KEYS = [
  'required',
  'maxlength',
  'minlength',
  'rangelength',
  'email',
  'url',
  'date',
  'number',
  'digits',
  'equalTo',
  'range',
  'max',
  'min',
  'users',
  'link',
  'https',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export interface ValidationRules {
  required?: boolean;
  maxlength?: number;
  minlength?: number;
  rangelength?: [number, number];
  email?: boolean;
  url?: boolean;
  /** A date in this format (true: DD/MM/YYYY). */
  date?: boolean | string;
  number?: boolean;
  digits?: boolean;
  /** The name of another field whose value must be equal. */
  equalTo?: string;
  range?: [number, number];
  max?: number;
  min?: number;
  /** At least one user or group selected. */
  users?: boolean;
  /** A link the link chooser accepts (a path, a kept form, or a host name). */
  link?: boolean;
  /** An address that starts with https://. */
  https?: boolean;
}

export interface ValidationFailure {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

/** The e-mail format the forms accept: something, @, something, a dot, something; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The API access-token format the forms accept: letters and digits only. */
export const API_TOKEN_PATTERN = /^[A-Za-z0-9]+$/;

const URL_PATTERN = /^(https?|ftps?):\/\/[^\s/$.?#][^\s]*$/i;
const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d+)?([/?#]\S*)?$/i;

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const selection = value as { users?: unknown[]; groups?: unknown[] };
    if (Array.isArray(selection.users) || Array.isArray(selection.groups)) {
      return (selection.users?.length ?? 0) + (selection.groups?.length ?? 0) === 0;
    }
  }
  return false;
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.length;
  return String(value ?? '').length;
}

/** Whether a text is a link the link chooser accepts. */
export function isValidLink(value: string): boolean {
  const url = normaliseLinkUrl(value);
  if (url === '') return false;
  if (url.startsWith('/')) return !/\s/.test(url);
  if (/^(mailto|tel):\S+$/i.test(url)) return true;
  if (URL_PATTERN.test(url)) return HOST_PATTERN.test(url.replace(/^[a-z]+:\/\//i, '')) || /^[a-z]+:\/\/localhost/i.test(url);
  return false;
}

/**
 * The first rule a value breaks, or null. An empty value only fails `required` (and `users`); every other
 * rule is checked only on a non-empty value. `values` gives the other fields for equalTo.
 */
export function validateValue(value: unknown, rules: ValidationRules, values: Record<string, unknown> = {}): ValidationFailure | null {
  const empty = isEmptyValue(value);
  if (rules.required && empty) return { key: 'required' };
  if (rules.users && empty) return { key: 'users' };
  if (empty) return null;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const length = lengthOf(value);
  if (rules.minlength !== undefined && length < rules.minlength) return { key: 'minlength', params: { min: rules.minlength } };
  if (rules.maxlength !== undefined && length > rules.maxlength) return { key: 'maxlength', params: { max: rules.maxlength } };
  if (rules.rangelength && (length < rules.rangelength[0] || length > rules.rangelength[1])) {
    return { key: 'rangelength', params: { min: rules.rangelength[0], max: rules.rangelength[1] } };
  }
  if (rules.email && !EMAIL_PATTERN.test(text)) return { key: 'email' };
  if (rules.url && !URL_PATTERN.test(text)) return { key: 'url' };
  if (rules.https && !/^https:\/\/\S+$/i.test(text)) return { key: 'https' };
  if (rules.link && !isValidLink(text)) return { key: 'link' };
  if (rules.date) {
    const format = typeof rules.date === 'string' ? rules.date : DEFAULT_DATE_FORMAT;
    if (!parseDate(text, format)) return { key: 'date', params: { format } };
  }
  if (rules.digits && !/^\d+$/.test(text)) return { key: 'digits' };
  const numeric = rules.number || rules.range || rules.min !== undefined || rules.max !== undefined;
  const n = Number(text);
  if (numeric && (text === '' || !Number.isFinite(n))) return { key: 'number' };
  if (rules.range && (n < rules.range[0] || n > rules.range[1]))
    return { key: 'range', params: { min: rules.range[0], max: rules.range[1] } };
  if (rules.min !== undefined && n < rules.min) return { key: 'min', params: { min: rules.min } };
  if (rules.max !== undefined && n > rules.max) return { key: 'max', params: { max: rules.max } };
  if (rules.equalTo !== undefined && value !== values[rules.equalTo]) return { key: 'equalTo', params: { field: rules.equalTo } };
  return null;
}

export interface ValidatedField {
  name: string;
  value: unknown;
  rules?: ValidationRules;
  /** A hidden field is skipped unless the form validates hidden fields. */
  hidden?: boolean;
}

/** Validates a form on submit: hidden fields are ignored unless `validateHidden`. */
export function validateFields(
  fields: readonly ValidatedField[],
  options: { validateHidden?: boolean } = {},
): Record<string, ValidationFailure> {
  const values = Object.fromEntries(fields.map((f) => [f.name, f.value]));
  const failures: Record<string, ValidationFailure> = {};
  for (const field of fields) {
    if (!field.rules || (field.hidden && !options.validateHidden)) continue;
    const failure = validateValue(field.value, field.rules, values);
    if (failure) failures[field.name] = failure;
  }
  return failures;
}
