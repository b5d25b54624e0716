import { describe, expect, it } from 'vitest';
import { defaultErrorPageSettings, errorPageSettingsSchema } from './errorPage.js';
import { createBrandBodySchema, idSchema, inviteUserBodySchema, loginBodySchema, updateBrandBodySchema } from './schemas.js';

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
