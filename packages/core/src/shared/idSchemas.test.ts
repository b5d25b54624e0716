import { describe, expect, it } from 'vitest';

import { idSchema } from './idSchemas.js';

describe('shared schemas', () => {
  it('accepts ids as positive integers, from strings too', () => {
    expect(idSchema.parse('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999']) expect(idSchema.safeParse(bad).success).toBe(false);
  });
  it('accepts ids only in canonical decimal form: JSON numbers, or strings of plain digits (security issue #9)', () => {
    const messages = (value: unknown) => idSchema.safeParse(value).error?.issues.map((i) => i.message);
    for (const [value, id] of [
      [16, 16],
      ['16', 16],
      ['1', 1],
      [1, 1],
      ['2147483647', 2_147_483_647],
      [2_147_483_647, 2_147_483_647],
    ] as const) {
      expect(idSchema.parse(value), JSON.stringify(value)).toBe(id);
    }
    // Forms Number() would read as an id: hexadecimal, exponent, padded, signed, fractional.
    for (const text of ['0x10', '0X10', '0b10', '0o20', '1e3', '1E3', ' 16', '16 ', '\t16', '016', '0016', '+16', '16.0', '16.', '1.5']) {
      expect(messages(text), JSON.stringify(text)).toEqual(['Must be a whole number in plain decimal digits']);
    }
    for (const value of ['0', '00', '-1', '-16', 0, -1]) {
      expect(messages(value), JSON.stringify(value)).toEqual(['Must be a positive number']);
    }
    for (const value of ['2147483648', '9999999999', '99999999999', '1'.repeat(400), 2_147_483_648, 1e12]) {
      expect(messages(value), String(value)).toEqual(['Is too large']);
    }
    for (const value of ['abc', '', ' ', '16abc', 'Infinity', '١٦', true, null, {}, [16], Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(messages(value), String(value)).toEqual(['Must be a number']);
    }
    expect(messages(1.5)).toEqual(['Must be a whole number']);
  });
});
