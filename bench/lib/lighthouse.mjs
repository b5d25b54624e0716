// Lighthouse (the npm package, mobile settings: its defaults) driving Debian's Chromium, for the benchmarks.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Runs Lighthouse on `url` in a fresh headless Chromium and returns its report (lhr).
 * @param {string} url
 * @param {{ categories: string[]; extraHeaders?: Record<string, string> }} options the categories to score;
 *   extraHeaders go with every request of the page (a session cookie)
 */
export async function runLighthouse(url, { categories, extraHeaders }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      extraHeaders,
    });
    if (!result) throw new Error('Lighthouse gave no result');
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * The audits of a category that lost points, worst first, as "id (score)".
 * @param {import('lighthouse').Result} lhr @param {string} category
 */
export function failedAudits(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .sort((a, b) => (lhr.audits[a.id]?.score ?? 0) - (lhr.audits[b.id]?.score ?? 0))
    .map((ref) => `${ref.id} (${Math.round((lhr.audits[ref.id]?.score ?? 0) * 100)})`);
}
