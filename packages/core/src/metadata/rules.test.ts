import { describe, expect, it } from 'vitest';
import {
  checkPropertyDefinition,
  dependencyCycle,
  forbiddenDependeeIds,
  isPropertyShown,
  isRealDate,
  sameMetadataValue,
  validateMetadataValue,
} from './rules.js';

const select = { type: 'SELECT', options: [{ id: 1 }, { id: 2 }, { id: 3 }] };
const multi = { type: 'MULTISELECT', options: [{ id: 1 }, { id: 2 }, { id: 3 }] };

describe('validateMetadataValue', () => {
  it('reads empty values as null whatever the type', () => {
    for (const type of ['TEXT', 'LONGTEXT', 'URL', 'NUMBER', 'DATE', 'SELECT', 'MULTISELECT']) {
      expect(validateMetadataValue({ type, options: [] }, null)).toEqual({ ok: true, value: null });
      expect(validateMetadataValue({ type, options: [] }, undefined)).toEqual({ ok: true, value: null });
    }
    expect(validateMetadataValue({ type: 'TEXT' }, '   ')).toEqual({ ok: true, value: null });
    expect(validateMetadataValue(multi, [])).toEqual({ ok: true, value: null });
  });

  it('TEXT: trimmed, one line, at most 1,000 characters', () => {
    expect(validateMetadataValue({ type: 'TEXT' }, '  Summer  ')).toEqual({ ok: true, value: 'Summer' });
    expect(validateMetadataValue({ type: 'TEXT' }, 'x'.repeat(1000))).toEqual({ ok: true, value: 'x'.repeat(1000) });
    expect(validateMetadataValue({ type: 'TEXT' }, 'x'.repeat(1001))).toEqual({ ok: false, error: 'At most 1,000 characters' });
    expect(validateMetadataValue({ type: 'TEXT' }, 'a\nb')).toEqual({ ok: false, error: 'Must be one line' });
    expect(validateMetadataValue({ type: 'TEXT' }, 12)).toEqual({ ok: false, error: 'Must be text' });
    expect(validateMetadataValue({ type: 'TEXT' }, 'a\u0007b').ok).toBe(false);
  });

  it('LONGTEXT: lines allowed, at most 20,000 characters', () => {
    expect(validateMetadataValue({ type: 'LONGTEXT' }, 'a\nb\n')).toEqual({ ok: true, value: 'a\nb' });
    expect(validateMetadataValue({ type: 'LONGTEXT' }, 'x'.repeat(20_000)).ok).toBe(true);
    expect(validateMetadataValue({ type: 'LONGTEXT' }, 'x'.repeat(20_001))).toEqual({ ok: false, error: 'At most 20,000 characters' });
    expect(validateMetadataValue({ type: 'LONGTEXT' }, ['a']).ok).toBe(false);
  });

  it('URL: http and https only', () => {
    expect(validateMetadataValue({ type: 'URL' }, ' https://example.com/a?b=1 ')).toEqual({ ok: true, value: 'https://example.com/a?b=1' });
    expect(validateMetadataValue({ type: 'URL' }, 'http://example.com').ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://example.com', 'example.com', 'data:text/html,x', 'https://']) {
      expect(validateMetadataValue({ type: 'URL' }, bad)).toEqual({ ok: false, error: 'Must be a link starting with http:// or https://' });
    }
    expect(validateMetadataValue({ type: 'URL' }, 5).ok).toBe(false);
  });

  it('NUMBER: finite numbers, decimal strings from forms', () => {
    expect(validateMetadataValue({ type: 'NUMBER' }, 12.5)).toEqual({ ok: true, value: 12.5 });
    expect(validateMetadataValue({ type: 'NUMBER' }, ' -3 ')).toEqual({ ok: true, value: -3 });
    expect(validateMetadataValue({ type: 'NUMBER' }, '')).toEqual({ ok: true, value: null });
    expect(validateMetadataValue({ type: 'NUMBER' }, '12px')).toEqual({ ok: false, error: 'Must be a number' });
    expect(validateMetadataValue({ type: 'NUMBER' }, '0x10')).toEqual({ ok: false, error: 'Must be a number' });
    expect(validateMetadataValue({ type: 'NUMBER' }, Number.POSITIVE_INFINITY)).toEqual({ ok: false, error: 'Must be a finite number' });
    expect(validateMetadataValue({ type: 'NUMBER' }, Number.NaN)).toEqual({ ok: false, error: 'Must be a finite number' });
    expect(validateMetadataValue({ type: 'NUMBER' }, true)).toEqual({ ok: false, error: 'Must be a number' });
  });

  it('DATE: YYYY-MM-DD that exists', () => {
    expect(validateMetadataValue({ type: 'DATE' }, '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(validateMetadataValue({ type: 'DATE' }, '2023-02-29')).toEqual({ ok: false, error: 'Must be a real date' });
    expect(validateMetadataValue({ type: 'DATE' }, '2024-13-01')).toEqual({ ok: false, error: 'Must be a real date' });
    expect(validateMetadataValue({ type: 'DATE' }, '2024-1-01')).toEqual({ ok: false, error: 'Must be a date (YYYY-MM-DD)' });
    expect(validateMetadataValue({ type: 'DATE' }, '2024-01-01T00:00:00Z')).toEqual({ ok: false, error: 'Must be a date (YYYY-MM-DD)' });
    expect(validateMetadataValue({ type: 'DATE' }, 20240101).ok).toBe(false);
    expect(isRealDate('2000-02-29')).toBe(true);
    expect(isRealDate('1900-02-29')).toBe(false);
  });

  it('SELECT: one existing option id', () => {
    expect(validateMetadataValue(select, 2)).toEqual({ ok: true, value: 2 });
    expect(validateMetadataValue(select, '3')).toEqual({ ok: true, value: 3 });
    expect(validateMetadataValue(select, 9)).toEqual({ ok: false, error: 'Not an option of this property: 9' });
    expect(validateMetadataValue(select, [1])).toEqual({ ok: true, value: 1 });
    expect(validateMetadataValue(select, [1, 2])).toEqual({ ok: false, error: 'Must be one option id' });
    expect(validateMetadataValue(select, 'Print')).toEqual({ ok: false, error: 'Must be one option id' });
  });

  it('MULTISELECT: distinct existing option ids', () => {
    expect(validateMetadataValue(multi, [3, 1])).toEqual({ ok: true, value: [3, 1] });
    expect(validateMetadataValue(multi, [1, 1])).toEqual({ ok: false, error: 'Option named twice: 1' });
    expect(validateMetadataValue(multi, [1, 7, 8])).toEqual({ ok: false, error: 'Not an option of this property: 7, 8' });
    expect(validateMetadataValue(multi, 1)).toEqual({ ok: false, error: 'Must be a list of option ids' });
    expect(validateMetadataValue(multi, [1.5])).toEqual({ ok: false, error: 'Must be a list of option ids' });
  });

  it('refuses an unknown type', () => {
    expect(validateMetadataValue({ type: 'COLOR' }, 'red')).toEqual({ ok: false, error: 'Unknown property type: COLOR' });
  });
});

describe('checkPropertyDefinition', () => {
  it('select types need distinct options and take defaults from them', () => {
    expect(checkPropertyDefinition({ type: 'SELECT', options: [] })).toEqual({ options: 'A SELECT property needs at least one option' });
    expect(checkPropertyDefinition({ type: 'MULTISELECT', options: [{ value: 'Web' }, { value: 'web' }] }).options).toMatch(/distinct/);
    expect(
      checkPropertyDefinition({
        type: 'SELECT',
        options: [
          { value: 'A', is_default: true },
          { value: 'B', is_default: true },
        ],
      }).options,
    ).toBe('A SELECT property has at most one default option');
    expect(
      checkPropertyDefinition({
        type: 'MULTISELECT',
        options: [
          { value: 'A', is_default: true },
          { value: 'B', is_default: true },
        ],
      }),
    ).toEqual({});
    expect(checkPropertyDefinition({ type: 'SELECT', options: [{ value: 'A' }], default_value: 1 }).default_value).toMatch(/is_default/);
  });

  it('other types take no options and a default of their type', () => {
    expect(checkPropertyDefinition({ type: 'TEXT', options: [{ value: 'A' }] }).options).toBe('A TEXT property has no options');
    expect(checkPropertyDefinition({ type: 'NUMBER', options: [], default_value: 'ten' })).toEqual({ default_value: 'Must be a number' });
    expect(checkPropertyDefinition({ type: 'DATE', options: [], default_value: '2024-02-30' })).toEqual({
      default_value: 'Must be a real date',
    });
    expect(checkPropertyDefinition({ type: 'URL', options: [], default_value: 'https://a.example' })).toEqual({});
  });
});

describe('dependencies', () => {
  // 2 depends on 1, 3 depends on 2; 4 is free.
  const p1 = { id: 1, dependency: null };
  const p2 = { id: 2, dependency: { property_id: 1, property_option_ids: [10] } };
  const p3 = { id: 3, dependency: { property_id: 2, property_option_ids: [20, 21] } };
  const props = [p1, p2, p3, { id: 4, dependency: null }];

  it('dependencyCycle finds self and transitive cycles', () => {
    expect(dependencyCycle(props, 1, 1)).toBe(true);
    expect(dependencyCycle(props, 1, 3)).toBe(true);
    expect(dependencyCycle(props, 1, 2)).toBe(true);
    expect(dependencyCycle(props, 1, 4)).toBe(false);
    expect(dependencyCycle(props, 3, 1)).toBe(false);
    expect(dependencyCycle(props, null, 3)).toBe(false);
    expect(dependencyCycle(props, 4, null)).toBe(false);
  });

  it('forbiddenDependeeIds lists itself and its dependents', () => {
    expect(forbiddenDependeeIds(props, 1)).toEqual([1, 2, 3]);
    expect(forbiddenDependeeIds(props, 3)).toEqual([3]);
    expect(forbiddenDependeeIds(props, 4)).toEqual([4]);
  });

  it('isPropertyShown follows the dependee value and the chain', () => {
    expect(isPropertyShown(p1, {})).toBe(true);
    expect(isPropertyShown(p2, { 1: 10 })).toBe(true);
    expect(isPropertyShown(p2, { 1: [11, 10] })).toBe(true);
    expect(isPropertyShown(p2, { 1: 11 })).toBe(false);
    expect(isPropertyShown(p2, {})).toBe(false);
    expect(isPropertyShown(p3, new Map([[2, [21]]]))).toBe(true);
    // Its dependee 2 is hidden (1 does not hold 10), so 3 is hidden too when the chain is known.
    expect(isPropertyShown(p3, { 1: 11, 2: [21] }, props)).toBe(false);
    expect(isPropertyShown(p3, { 1: 10, 2: [21] }, props)).toBe(true);
  });

  it('sameMetadataValue ignores MULTISELECT order', () => {
    expect(sameMetadataValue([1, 2], [2, 1])).toBe(true);
    expect(sameMetadataValue([1, 2], [1])).toBe(false);
    expect(sameMetadataValue('a', 'a')).toBe(true);
    expect(sameMetadataValue(1, null)).toBe(false);
  });
});
