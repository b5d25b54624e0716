import { readFileSync } from 'node:fs';
import { BREAKPOINTS } from '@emblem/core';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const tokens = read('./tokens.css');
const components = ['./components.css', './dialog.css', './feedback.css', './avatar.css', './tabs.css'].map(read).join('\n');
const shell = ['../shell/shell.css', '../shell/drawer.css', '../shell/cookie-consent.css', '../shell/error-page.css'].map(read).join('\n');
const features = [
  './page.css',
  '../features/auth/auth.css',
  '../features/brands/brands.css',
  '../features/usage/usage.css',
  './table.css',
  './dismissable-alert.css',
  '../features/admin-users/admin-users.css',
  '../features/projects/project-settings.css',
  './settings-screens.css',
]
  .map(read)
  .join('\n');

describe('breakpoint tokens', () => {
  it('tokens.css lists every breakpoint of the spec (xs 390 … 2xl 1536)', () => {
    for (const [name, px] of Object.entries(BREAKPOINTS)) {
      expect(tokens).toContain(`--bp-${name}: ${px}px;`);
    }
  });

  it('media queries use only breakpoint values (min-width: N, max-width: N - 0.02)', () => {
    const allowed = new Set(Object.values(BREAKPOINTS) as number[]);
    const queries = [...`${components}\n${shell}\n${features}`.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    expect(queries.length).toBeGreaterThan(0);
    for (const [query, kind, value] of queries) {
      const px = Number(value);
      const breakpoint = kind === 'min' ? px : Math.round(px + 0.02);
      expect(allowed.has(breakpoint), query).toBe(true);
    }
  });
});
