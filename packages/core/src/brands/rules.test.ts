import { describe, expect, it } from 'vitest';

import { slugify } from './rules.js';

describe('slugify', () => {
  it('lower-cases, strips accents and joins words with hyphens', () => {
    expect(slugify('  Café Crème & Co.  ')).toBe('cafe-creme-co');
    expect(slugify('ACME')).toBe('acme');
  });
  it('never returns an empty slug', () => {
    expect(slugify('!!!')).toBe('brand');
    expect(slugify('日本')).toBe('brand');
  });
  it('keeps slugs at most 60 characters without a trailing hyphen', () => {
    const s = slugify(`${'a'.repeat(59)} b`);
    expect(s.length).toBeLessThanOrEqual(60);
    expect(s.endsWith('-')).toBe(false);
  });
});
