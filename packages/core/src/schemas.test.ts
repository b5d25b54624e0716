import { describe, expect, it } from 'vitest';
import { defaultErrorPageSettings, errorPageSettingsSchema } from './errorPage.js';
import {
  createBrandBodySchema,
  idSchema,
  inviteUserBodySchema,
  loginBodySchema,
  setListQuerySchema,
  updateBrandBodySchema,
} from './schemas.js';

describe('shared schemas', () => {
  it('normalises e-mail addresses and refuses malformed ones', () => {
    expect(loginBodySchema.parse({ email: ' A@Example.COM ', password: 'x' }).email).toBe('a@example.com');
    expect(loginBodySchema.safeParse({ email: 'nope', password: 'x' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ email: 'a@example.com', password: '' }).success).toBe(false);
  });
  it('refuses unknown fields', () => {
    expect(createBrandBodySchema.safeParse({ name: 'A', admin: true }).success).toBe(false);
  });
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
  it('takes a folder list parent_id of 0 (the root) or a canonical folder id', () => {
    expect(setListQuerySchema.parse({ parent_id: '0' }).parent_id).toBe(0);
    expect(setListQuerySchema.parse({ parent_id: '16' }).parent_id).toBe(16);
    for (const bad of ['0x10', '016', '1e3', '16.0', ' 16', '-1', 'abc']) {
      expect(
        setListQuerySchema.safeParse({ parent_id: bad }).error?.issues.map((i) => i.message),
        bad,
      ).toEqual(['Must be 0 or a folder id']);
    }
  });
  it('trims brand names and refuses blank ones', () => {
    expect(createBrandBodySchema.parse({ name: '  Acme ' }).name).toBe('Acme');
    expect(createBrandBodySchema.safeParse({ name: '   ' }).success).toBe(false);
  });
  it('needs something to update and a valid slug', () => {
    expect(updateBrandBodySchema.safeParse({}).success).toBe(false);
    expect(updateBrandBodySchema.safeParse({ slug: 'Not A Slug' }).success).toBe(false);
    expect(updateBrandBodySchema.parse({ slug: 'acme-2' }).slug).toBe('acme-2');
  });
  it('invites as MEMBER unless a role is given', () => {
    expect(inviteUserBodySchema.parse({ email: 'x@example.com' }).role).toBe('MEMBER');
    expect(inviteUserBodySchema.safeParse({ email: 'x@example.com', role: 'GOD' }).success).toBe(false);
  });
});

describe('error-page defaults', () => {
  it('follow the spec theme and validate against the schema', () => {
    const d = defaultErrorPageSettings('404');
    expect(errorPageSettingsSchema.parse(d)).toEqual(d);
    expect(d).toMatchObject({
      buttonLabel: 'Home',
      buttonRadius: '5px',
      buttonDefaultBackgroundColor: '#424747',
      buttonHoverBackgroundColor: '#2D3232',
      buttonFontColor: '#FFFFFF',
      pageBackgroundColor: '#FFFFFF',
      pageBackgroundPosition: 'Centering',
      keyVisualMaxHeight: '100px',
      keyVisualOn: false,
      pageBackgroundEnabled: false,
      titleMetaConfigOn: true,
      sublineEnabled: true,
      last4LinksEnabled: true,
      last4LinksDefaultColor: 'blue',
    });
    expect(defaultErrorPageSettings('403').title).not.toBe(d.title);
  });
});
