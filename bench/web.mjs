// Web delivery benchmark (issue 16 §1): the JavaScript and CSS each page loads, from the build's Vite manifest, raw,
// gzip (level 9) and brotli (the build's .br files, what the server sends), against the budgets of bench/lib/budgets.mjs.
// Prints figures, asserts nothing (the check is e2e/tests/budgets.test.ts).
// Run: npm run bench:web   (or: npm run build && node bench/web.mjs)
import { kb, measurePages, readManifest } from './lib/budgets.mjs';

const manifest = readManifest();

/** @param {number | null} bytes */
const maybe = (bytes) => (bytes === null ? 'n/a' : kb(bytes));

for (const result of measurePages(manifest)) {
  const { page, js, css, jsTotal, cssTotal, missing } = result;
  console.log(`\n${page.name}: ${js.length} JS files, ${css.length} CSS files`);
  if (missing.length > 0) console.log(`  not chunks of their own (in the entry): ${missing.join(', ')}`);
  console.log(
    `  JS   raw ${kb(jsTotal.raw).padStart(10)}  gzip ${kb(jsTotal.gzip).padStart(10)}  br ${maybe(jsTotal.br).padStart(10)}  budget ${kb(page.budgetJsGzip)} gzip: ${jsTotal.gzip <= page.budgetJsGzip ? 'ok' : 'OVER'}`,
  );
  console.log(`  CSS  raw ${kb(cssTotal.raw).padStart(10)}  gzip ${kb(cssTotal.gzip).padStart(10)}  br ${maybe(cssTotal.br).padStart(10)}`);
  for (const file of [...js, ...css].sort((a, b) => b.gzip - a.gzip).slice(0, 6))
    console.log(`    ${kb(file.gzip).padStart(10)} gzip  ${file.file}`);
}
