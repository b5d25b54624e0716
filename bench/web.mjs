// Web delivery benchmark (issue 16 §1).
// 1. Sizes: the JavaScript and CSS each page loads, from the build's Vite manifest, raw, gzip (level 9) and brotli
//    (the build's .br files, what the server sends), against the budgets of bench/lib/budgets.mjs (the check in
//    npm test uses the same module).
// 2. Lighthouse (mobile defaults, Debian's Chromium) on /auth, the signed-in dashboard and a library of 200 assets,
//    served by the built server on embedded PGlite with a fresh DATA_DIR (loopback only): performance,
//    accessibility, best practices, and the bytes transferred.
// Prints figures, asserts nothing.
// Run: npm run bench:web   (or: npm run build && node bench/web.mjs [sizes])   `sizes`: part 1 only.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { kb, measurePages, readManifest, TOLERANCE } from './lib/budgets.mjs';
import { signIn } from './lib/client.mjs';
import { BenchServer, freePort, log, pool, printSummary } from './lib/harness.mjs';
import { failedAudits, runLighthouse } from './lib/lighthouse.mjs';

const ASSETS = 200;
const TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95 };

/** @type {import('./lib/harness.mjs').SummaryRow[]} */
const summary = [];

for (const { page, js, css, jsTotal, cssTotal, missing } of measurePages(readManifest())) {
  console.log(`\n${page.name}: ${js.length} JS files, ${css.length} CSS files`);
  if (missing.length > 0) console.log(`  not chunks of their own (in the entry): ${missing.join(', ')}`);
  console.log(`  JS   raw ${kb(jsTotal.raw).padStart(10)}  gzip ${kb(jsTotal.gzip).padStart(10)}  br ${kb(jsTotal.br).padStart(10)}`);
  console.log(`  CSS  raw ${kb(cssTotal.raw).padStart(10)}  gzip ${kb(cssTotal.gzip).padStart(10)}  br ${kb(cssTotal.br).padStart(10)}`);
  for (const file of [...js, ...css].sort((a, b) => b.gzip - a.gzip).slice(0, 6))
    console.log(`    ${kb(file.gzip).padStart(10)} gzip  ${file.file}`);
  const verdict =
    jsTotal.gzip <= page.budgetJsGzip ? 'ok' : jsTotal.gzip <= page.budgetJsGzip * (1 + TOLERANCE) ? 'over, within 10%' : 'OVER';
  summary.push(
    { part: 'bundle', measure: `${page.name} JS gzip`, value: kb(jsTotal.gzip), target: `<= ${kb(page.budgetJsGzip)}: ${verdict}` },
    { part: 'bundle', measure: `${page.name} JS raw / br`, value: `${kb(jsTotal.raw)} / ${kb(jsTotal.br)}`, target: '' },
    { part: 'bundle', measure: `${page.name} CSS gzip`, value: kb(cssTotal.gzip), target: '' },
  );
}

if (process.argv[2] !== 'sizes') await lighthouseRuns();
printSummary('Web delivery', summary);

async function lighthouseRuns() {
  const work = mkdtempSync(join(tmpdir(), 'emblem-bench-web-'));
  const email = 'bench@example.com';
  const password = 'bench-password-123456';
  const server = new BenchServer(await freePort(), {
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    EMBLEM_ADMIN_EMAIL: email,
    EMBLEM_ADMIN_PASSWORD: password,
    EMBLEM_DEMO: 'false',
  });
  process.on('SIGINT', () => {
    server.kill();
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
  try {
    await server.start();
    const client = await signIn(server.base, email, password);
    const brand = (await client.api('GET', '/api/brand'))[0].id;
    const library = await client.api('POST', '/api/project/add/', { name: 'Bench library', brand, project_type: 'MEDIALIBRARY' });
    log(`uploading ${ASSETS} small PNGs`);
    const fixtures = join(work, 'fixtures');
    mkdirSync(fixtures);
    /** @type {number[]} */
    const ids = [];
    await pool(
      Array.from({ length: ASSETS }, (_, i) => i),
      2,
      async (i) => {
        const file = join(fixtures, `tile-${i}.png`);
        const hue = (i * 37) % 360;
        await sharp({ create: { width: 320, height: 240, channels: 3, background: `hsl(${hue}, 60%, 50%)` } })
          .png()
          .toFile(file);
        const fileId = await client.uploadFile(library.id, `tile-${i}.png`, file);
        ids.push((await client.api('POST', '/api/asset', { file_id: fileId, project_id: library.id, title: `Tile ${i + 1}` })).id);
      },
    );
    await client.waitFinished(ids);
    const pages = [
      { name: '/auth', url: `${server.base}/auth`, extraHeaders: undefined },
      { name: 'dashboard', url: `${server.base}/`, extraHeaders: { cookie: client.cookie } },
      {
        name: `library (${ASSETS} assets)`,
        url: `${server.base}/brands/${brand}/projects/${library.id}`,
        extraHeaders: { cookie: client.cookie },
      },
    ];
    for (const page of pages) {
      log(`Lighthouse on ${page.name}`);
      const lhr = await runLighthouse(page.url, { categories: Object.keys(TARGETS), extraHeaders: page.extraHeaders });
      if (lhr.runtimeError) {
        summary.push({ part: 'lighthouse', measure: page.name, value: 'failed', target: lhr.runtimeError.message });
        continue;
      }
      for (const [category, target] of Object.entries(TARGETS)) {
        const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
        summary.push({ part: 'lighthouse', measure: `${page.name} ${category}`, value: String(score), target: `>= ${target}` });
        if (score < 100) log(`  ${category} ${score}: ${failedAudits(lhr, category).slice(0, 6).join(', ')}`);
      }
      const bytes = lhr.audits['total-byte-weight']?.numericValue ?? 0;
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? 0;
      summary.push(
        { part: 'lighthouse', measure: `${page.name} bytes transferred`, value: kb(bytes), target: '' },
        { part: 'lighthouse', measure: `${page.name} largest contentful paint`, value: `${Math.round(lcp)} ms`, target: '' },
      );
    }
  } finally {
    server.kill();
    rmSync(work, { recursive: true, force: true });
  }
}
