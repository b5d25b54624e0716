import { type PluralText, READER_SCRIPT_EN, type ReaderScriptStrings } from '@emblem/core/reader-script';

/**
 * The words this script writes, in the language of the page's own words: the server writes them into the page as
 * `<script type="application/json" id="reader-strings">` (modules/guidelines/reader/render/pages.tsx). A page without
 * them (cached before they were added), or missing one, gets English there.
 */

/** `fallback`'s shape, taking each text from `value` where it has one. */
function merge<T>(fallback: T, value: unknown): T {
  if (typeof fallback === 'string') return (typeof value === 'string' && value ? value : fallback) as T;
  const from = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(Object.entries(fallback as object).map(([k, v]) => [k, merge(v, from[k])])) as T;
}

/** The page's strings (read at each use: they are small, and tests change the page). */
export function strings(): ReaderScriptStrings {
  const text = document.getElementById('reader-strings')?.textContent;
  if (!text) return READER_SCRIPT_EN;
  try {
    return merge(READER_SCRIPT_EN, JSON.parse(text));
  } catch {
    return READER_SCRIPT_EN;
  }
}

/** `text` with each `{name}` replaced by its value. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The form of `texts` for `count` in the page's language (`<body data-reader-language>`), `{count}` filled in. */
export function plural(texts: PluralText, count: number, shown: string = String(count)): string {
  let category: Intl.LDMLPluralRule = 'other';
  try {
    category = new Intl.PluralRules(document.body.dataset.readerLanguage || 'en').select(count);
  } catch {
    // An unknown language tag: the general form.
  }
  const form = category === 'one' || category === 'few' || category === 'many' ? texts[category] : texts.other;
  return fill(form, { count: shown });
}
