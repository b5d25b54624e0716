import { describe, expect, it } from 'vitest';
import { validateFields, validateValue } from './index.js';

describe('validation', () => {
  const key = (value: unknown, rules: Parameters<typeof validateValue>[1], values?: Record<string, unknown>) =>
    validateValue(value, rules, values)?.key ?? null;
  it('answers each standard key', () => {
    expect(key('', { required: true })).toBe('required');
    expect(key('abcdef', { maxlength: 5 })).toBe('maxlength');
    expect(key('ab', { minlength: 3 })).toBe('minlength');
    expect(key('ab', { rangelength: [3, 5] })).toBe('rangelength');
    expect(key('ada@', { email: true })).toBe('email');
    expect(key('example.com', { url: true })).toBe('url');
    expect(key('32/01/2026', { date: true })).toBe('date');
    expect(key('1x', { number: true })).toBe('number');
    expect(key('1.5', { digits: true })).toBe('digits');
    expect(key('a', { equalTo: 'other' }, { other: 'b' })).toBe('equalTo');
    expect(key('11', { range: [1, 10] })).toBe('range');
    expect(key('11', { max: 10 })).toBe('max');
    expect(key('0', { min: 1 })).toBe('min');
    expect(key({ users: [], groups: [] }, { users: true })).toBe('users');
    expect(key('not a link', { link: true })).toBe('link');
    expect(key('http://example.com', { https: true })).toBe('https');
  });
  it('passes valid values and leaves empty optional values alone', () => {
    expect(key('ada@example.com', { email: true, required: true })).toBeNull();
    expect(key('https://example.com', { url: true, https: true })).toBeNull();
    expect(key('', { email: true, min: 3 })).toBeNull();
    expect(key('a', { equalTo: 'other' }, { other: 'a' })).toBeNull();
    expect(key({ users: [1], groups: [] }, { users: true })).toBeNull();
    expect(validateValue('abcdef', { maxlength: 5 })?.params).toEqual({ max: 5 });
  });
  it('ignores hidden fields unless the form validates them', () => {
    const fields = [
      { name: 'title', value: '', rules: { required: true } },
      { name: 'subtitle', value: '', rules: { required: true }, hidden: true },
    ];
    expect(Object.keys(validateFields(fields))).toEqual(['title']);
    expect(Object.keys(validateFields(fields, { validateHidden: true }))).toEqual(['title', 'subtitle']);
  });
});
