// What each page of the web app loads, from the build's Vite manifest (apps/web/dist/.vite/manifest.json), and the
// JavaScript budgets of issue 16 §1. Used by bench/web.mjs (prints the figures) and by e2e/tests/budgets.test.ts
// (fails npm test when a page is more than 10% over its budget).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DIST = join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
/** How far over its budget a page may be before the check fails. */
export const TOLERANCE = 0.1;
const KB = 1000;

/**
 * @typedef {{ file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] }} Chunk
 * @typedef {Record<string, Chunk>} Manifest
 * @typedef {{ name: string; modules: string[]; locales: string[]; budgetJsGzip: number; ceilingJsGzip?: number }} Page
 * @typedef {{ file: string; raw: number; gzip: number; br: number }} Sized
 */

/**
 * The pages with a budget: the source modules their route loads on top of the app's entry (the lazy route modules, and
 * for signed-in pages the signed-in shell that the root loader loads beside them),
 * and the locale chunks they need (named by the i18n rule `locale-<lng>-<group>`; counted only when they exist).
 * `budgetJsGzip` is issue 16's budget. None is met yet: `ceilingJsGzip` is what the page loads today, rounded up, so
 * that the check in npm test (e2e/tests/budgets.test.ts) stops the page from growing while the budget is not met.
 * Lower it as the page shrinks; delete it once the page is within its budget.
 * @type {Page[]}
 */
export const PAGES = [
  {
    name: '/auth',
    modules: ['src/features/auth/SignInPage.tsx'],
    locales: ['locale-en-public'],
    budgetJsGzip: 120 * KB,
    ceilingJsGzip: 215 * KB,
  },
  {
    name: 'dashboard (/)',
    modules: ['src/features/dashboard/DashboardPage.tsx', 'src/shell/SignedInShell.tsx'],
    locales: ['locale-en-public', 'locale-en-app'],
    budgetJsGzip: 200 * KB,
    ceilingJsGzip: 320 * KB,
  },
  {
    name: 'library (/brands/:b/projects/:p)',
    modules: ['src/features/library/LibraryPage.tsx', 'src/shell/SignedInShell.tsx'],
    locales: ['locale-en-public', 'locale-en-app'],
    budgetJsGzip: 300 * KB,
    ceilingJsGzip: 415 * KB,
  },
];

/** @returns {Manifest} */
export function readManifest(dist = DIST) {
  const path = join(dist, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * The JS and CSS files a page loads: the entry, the page's route modules and locale chunks, and their static imports.
 * `missing` names the page modules that are not chunks of their own (bundled into the entry, or renamed).
 * @param {Manifest} manifest @param {Page} page
 */
export function pageFiles(manifest, page) {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('The manifest has no index.html entry.');
  const locales = Object.keys(manifest).filter((key) => page.locales.includes(manifest[key]?.name ?? ''));
  const missing = page.modules.filter((key) => !manifest[key]);
  /** @type {Set<string>} */
  const js = new Set();
  /** @type {Set<string>} */
  const css = new Set();
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...page.modules, ...locales]) visit(key);
  return { js: [...js], css: [...css], missing };
}

/**
 * @param {string} file a path under dist
 * @returns {Sized} raw, gzip level 9, and what a browser accepting brotli receives: the build's .br beside the file,
 *   or the file itself when the build kept none (compressing did not make it smaller)
 */
export function sizeOf(file, dist = DIST) {
  const body = readFileSync(join(dist, file));
  const br = join(dist, `${file}.br`);
  return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, br: existsSync(br) ? readFileSync(br).length : body.length };
}

/** @param {Sized[]} files */
export function total(files) {
  return {
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    br: files.reduce((sum, f) => sum + f.br, 0),
  };
}

/** Each page's files with their sizes, and its JS gzip total against its budget. @param {Manifest} manifest */
export function measurePages(manifest, dist = DIST) {
  return PAGES.map((page) => {
    const files = pageFiles(manifest, page);
    const js = files.js.map((f) => sizeOf(f, dist));
    const css = files.css.map((f) => sizeOf(f, dist));
    return { page, js, css, missing: files.missing, jsTotal: total(js), cssTotal: total(css) };
  });
}

/** @param {number} bytes */
export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
