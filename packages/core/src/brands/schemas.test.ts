import { describe, expect, it } from 'vitest';

import { createBrandBodySchema, updateBrandBodySchema } from './schemas.js';

describe('shared schemas', () => {
  it('refuses unknown fields', () => {
    expect(createBrandBodySchema.safeParse({ name: 'A', admin: true }).success).toBe(false);
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
});
