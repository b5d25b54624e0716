import { describe, expect, it } from 'vitest';
import { decodeBase64Id, encodeBase64Id } from './base64Id.js';

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64');

describe('base64 ids', () => {
  it('round-trips an identifier and a type', () => {
    const id = encodeBase64Id('Brand', 42);
    expect(JSON.parse(Buffer.from(id, 'base64').toString())).toEqual({ identifier: 42, type: 'Brand' });
    expect(decodeBase64Id(id)).toEqual({ identifier: 42, type: 'Brand' });
    expect(decodeBase64Id(id, 'Brand').identifier).toBe(42);
  });
  it.each([
    ['not base64', 'not-base64!'],
    ['not JSON', b64('hello')],
    ['an array', b64([1, 'Brand'])],
    ['no type', b64({ identifier: 1 })],
    ['an unknown type', b64({ identifier: 1, type: 'Spaceship' })],
    ['an empty identifier', b64({ identifier: '', type: 'Brand' })],
    ['a fractional identifier', b64({ identifier: 1.5, type: 'Brand' })],
    ['null', b64(null)],
  ])('refuses %s with "Invalid base64Id"', (_label, value) => {
    expect(() => decodeBase64Id(value)).toThrow('Invalid base64Id');
  });
  it('refuses an id of another type when one is expected', () => {
    expect(() => decodeBase64Id(encodeBase64Id('User', 1), 'Brand')).toThrow('Invalid base64Id');
  });
});
