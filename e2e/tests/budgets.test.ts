import { describe, expect, it } from 'vitest';
import { kb, measurePages, readManifest, TOLERANCE } from '../../bench/lib/budgets.mjs';

// Issue 16 §1: the JavaScript each page loads (gzip, from the build's Vite manifest) stays within its budget, 10%
// tolerated. A size check on the built files (npm run test:e2e builds first), not a timing. While a page is over its
// budget, the limit is its ceiling (its size today, bench/lib/budgets.mjs): the page may not grow meanwhile.
describe('bundle budgets', () => {
  for (const result of measurePages(readManifest())) {
    const { page, js, jsTotal, missing } = result;
    const allowed = Math.max(page.budgetJsGzip, page.ceilingJsGzip ?? 0);
    const limit = allowed * (1 + TOLERANCE);
    it(`${page.name} loads at most ${kb(allowed)} of JavaScript (gzip; budget ${kb(page.budgetJsGzip)}), ${kb(limit)} with the tolerance`, () => {
      // A page module bundled into the entry (or renamed) would be counted as part of every page, or not at all.
      expect(missing, 'page modules that are not chunks of their own').toEqual([]);
      const biggest = [...js]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 8)
        .map((f) => `  ${kb(f.gzip).padStart(9)}  ${f.file}`)
        .join('\n');
      expect(
        jsTotal.gzip,
        `${page.name} loads ${kb(jsTotal.gzip)} of JavaScript (gzip); the biggest files:\n${biggest}\n`,
      ).toBeLessThanOrEqual(limit);
    });
  }
});
