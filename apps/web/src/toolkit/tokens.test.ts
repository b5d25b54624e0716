import { readFileSync } from 'node:fs';
import { BREAKPOINTS, ICON_SIZES } from '@emblem/core';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** toolkit.css with the files it imports (each component's styles live beside it), in cascade order. */
const readToolkitCss = () => {
  const entry = read('./toolkit.css');
  const imports = [...entry.matchAll(/@import "([^"]+)";/g)].map((match) => match[1] ?? '');
  return [entry, ...imports.map(read)].join('\n');
};

describe('toolkit design tokens', () => {
  it('tokens.css lists the toolkit icon sizes', () => {
    const tokens = read('../ui/tokens.css');
    for (const [name, px] of Object.entries(ICON_SIZES)) expect(tokens).toContain(`--icon-${name}: ${px}px;`);
    expect(ICON_SIZES).toEqual({ xs: 12, sm: 16, md: 20, lg: 24, xl: 32 });
  });

  it('toolkit.css uses only breakpoint values in its media queries', () => {
    const css = readToolkitCss();
    const allowed = new Set(Object.values(BREAKPOINTS) as number[]);
    const queries = [...css.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    expect(queries.length).toBeGreaterThan(0);
    for (const [query, kind, value] of queries) {
      const px = Number(value);
      expect(allowed.has(kind === 'min' ? px : Math.round(px + 0.02)), query).toBe(true);
    }
  });

  it('avatar and button colours exist as tokens', () => {
    const tokens = read('../ui/tokens.css');
    for (const name of ['blue-dark', 'red', 'yellow', 'green', 'black-100', 'black-90', 'black-10', 'black-05'])
      expect(tokens).toContain(`--color-${name}:`);
  });
});
