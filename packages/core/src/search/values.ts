import {
  COLOR_DISTANCE_DEFAULT,
  COLOR_DISTANCE_MAX,
  type FilterOperator,
  LIST_OPERATORS,
  type SearchFieldSpec,
  VALUELESS_OPERATORS,
} from './fields.js';

/** A colour filter's value once read: `#rrggbb` in lower case and the largest CIE76 ΔE that counts as near. */
export interface ColorNear {
  color: string;
  distance: number;
}

/** A filter value once checked: none (IS_EMPTY, IS_NOT_EMPTY), one value, a list (IS_ONE_OF…), or a colour. */
export type SearchFilterValue = null | string | number | (string | number)[] | ColorNear;

export type ValueCheck = { ok: true; value: SearchFilterValue } | { ok: false; message: string };

/** The longest text value and the most values of a list. */
export const FILTER_TEXT_MAX = 500;
export const FILTER_LIST_MAX = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const HEX = /^#[0-9a-fA-F]{6}$/;

function isDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function one(spec: SearchFieldSpec, v: unknown): ValueCheck {
  switch (spec.value) {
    case 'enum':
      if (typeof v === 'string' && spec.values?.includes(v)) return { ok: true, value: v };
      return { ok: false, message: `Must be one of ${spec.values?.join(', ')}` };
    case 'text': {
      if (typeof v !== 'string') return { ok: false, message: 'Must be a string' };
      const s = v.replace(/\s+/g, ' ').trim();
      if (!s) return { ok: false, message: 'Must not be empty' };
      if (s.length > FILTER_TEXT_MAX) return { ok: false, message: `At most ${FILTER_TEXT_MAX} characters` };
      return { ok: true, value: s };
    }
    case 'id': {
      const n = typeof v === 'string' && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : v;
      if (typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647) return { ok: true, value: n };
      return { ok: false, message: 'Must be an id' };
    }
    case 'number':
      if (typeof v === 'number' && Number.isFinite(v)) return { ok: true, value: v };
      return { ok: false, message: 'Must be a number' };
    case 'date':
      if (typeof v === 'string' && (isDay(v) || (DATE_TIME.test(v) && !Number.isNaN(Date.parse(v))))) return { ok: true, value: v };
      return { ok: false, message: 'Must be a date (YYYY-MM-DD) or an ISO date-time' };
    case 'color': {
      const near = typeof v === 'string' ? { color: v, distance: COLOR_DISTANCE_DEFAULT } : v;
      if (typeof near !== 'object' || near === null || Array.isArray(near))
        return { ok: false, message: 'Must be #rrggbb or {color, distance}' };
      const { color, distance = COLOR_DISTANCE_DEFAULT, ...rest } = near as Record<string, unknown>;
      if (Object.keys(rest).length > 0) return { ok: false, message: 'Must be #rrggbb or {color, distance}' };
      if (typeof color !== 'string' || !HEX.test(color)) return { ok: false, message: 'Must be a colour #rrggbb' };
      if (typeof distance !== 'number' || !Number.isFinite(distance) || distance < 0 || distance > COLOR_DISTANCE_MAX)
        return { ok: false, message: `The distance must be a number from 0 to ${COLOR_DISTANCE_MAX}` };
      return { ok: true, value: { color: color.toLowerCase(), distance } };
    }
  }
}

/**
 * Checks a filter's value for a field and operator the field allows (the caller checks that first): no value for
 * IS_EMPTY/IS_NOT_EMPTY, a non-empty list for IS_ONE_OF/IS_NOT_ONE_OF, one value otherwise.
 */
export function checkFilterValue(spec: SearchFieldSpec, operator: FilterOperator, value: unknown): ValueCheck {
  if (VALUELESS_OPERATORS.includes(operator)) {
    return value === undefined || value === null ? { ok: true, value: null } : { ok: false, message: `${operator} takes no value` };
  }
  if (LIST_OPERATORS.includes(operator)) {
    if (!Array.isArray(value) || value.length === 0) return { ok: false, message: 'Must be a non-empty list' };
    if (value.length > FILTER_LIST_MAX) return { ok: false, message: `At most ${FILTER_LIST_MAX} values` };
    const out: (string | number)[] = [];
    for (const item of value) {
      const r = one(spec, item);
      if (!r.ok) return r;
      out.push(r.value as string | number);
    }
    return { ok: true, value: out };
  }
  return one(spec, value);
}
