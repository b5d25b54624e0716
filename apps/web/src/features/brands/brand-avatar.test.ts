import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Through a function: Vite rewrites `new URL('<literal>', import.meta.url)` into an asset address.
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('brand avatars', () => {
  it('show an image whole, never cut to the square (the dashboard and the brand home)', () => {
    const css = read('./brands.css');
    const at = css.indexOf('.brand-avatar--image {');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(css.slice(at, css.indexOf('}', at))).toMatch(/object-fit: contain/);
    expect(css).not.toMatch(/object-fit: cover;\n}\n\n\.brand-avatar--lg/);
    expect(read('./BrandAvatar.tsx')).toContain('brand-avatar--image');
  });
});
