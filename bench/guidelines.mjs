// Guideline reader benchmark (issue 11, §6 Speed): Lighthouse performance and accessibility on a public page with 30
// blocks including 20 images (mobile settings, Debian's Chromium), the reader's JavaScript (gzip bytes of what the page
// loads), and the server's answer time for a cached page. Starts the built server on embedded PGlite with a fresh
// DATA_DIR; loopback only. Prints figures, asserts nothing.
// Run: npm run bench:guidelines   (or: npm run build && node bench/guidelines.mjs [requests=500] [lighthouseRuns=3])
// BENCH_KEEP=1 keeps the server and its page running after the figures, to look at it, until interrupted.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { signIn } from './lib/client.mjs';
import { BenchServer, freePort, log, median, ms, pct, pool, printSummary } from './lib/harness.mjs';
import { runLighthouse } from './lib/lighthouse.mjs';

const REQUESTS = Number(process.argv[2] ?? 500);
const LIGHTHOUSE_RUNS = Number(process.argv[3] ?? 3);
const IMAGES = 20;
const BLOCKS = 30;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const work = mkdtempSync(join(tmpdir(), 'emblem-bench-guidelines-'));
const fixtures = join(work, 'fixtures');
mkdirSync(fixtures, { recursive: true });
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
/** @type {import('./lib/harness.mjs').SummaryRow[]} */
const summary = [];
let exitCode = 0;

function cleanup() {
  server.kill();
  rmSync(work, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

/**
 * Photographs of sorts: a smooth random gradient with grain, as JPEG (and every fourth as PNG), 2400 × 1600.
 * @returns {Promise<string[]>} the files
 */
async function makeImages() {
  /** @type {string[]} */
  const out = [];
  await pool(
    Array.from({ length: IMAGES }, (_, i) => i),
    2,
    async (i) => {
      const seed = randomBytes(6 * 4 * 3);
      const grain = await sharp({
        create: { width: 2400, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const image = sharp(seed, { raw: { width: 6, height: 4, channels: 3 } })
        .resize(2400, 1600, { kernel: 'cubic' })
        .composite([{ input: grain, blend: 'soft-light' }]);
      const png = i % 4 === 3;
      const file = join(fixtures, `photo-${i}.${png ? 'png' : 'jpg'}`);
      await (png ? image.png({ compressionLevel: 6 }) : image.jpeg({ quality: 85 })).toFile(file);
      out[i] = file;
    },
  );
  return out;
}

/**
 * A public portal with one published document whose page holds 30 blocks: 20 image blocks (one image each, some in
 * two columns) and 10 others (headings, text, a callout, a quote, a palette, a typography block, code, a divider).
 * @param {import('./lib/client.mjs').Client} client @param {number} brand @param {number[]} assetIds
 */
async function seedGuideline(client, brand, assetIds) {
  const { api } = client;
  const portal = await api('POST', '/api/portal', { brand_id: brand, title: 'Northwind brand' });
  await api('PATCH', `/api/portal/${portal.id}`, { visibility: 'PUBLIC' });
  const doc = await api('POST', `/api/portal/${portal.id}/documents`, { title: 'Northwind brand guidelines' });
  const detail = await api('GET', `/api/document/${doc.id}`);
  await api('PATCH', `/api/document/${doc.id}`, { version: detail.version, published: true });
  const page = await api('POST', `/api/document/${doc.id}/pages`, { title: 'Imagery' });
  /** @param {number[]} columns */
  const section = async (columns) => (await api('POST', `/api/page/${page.id}/sections`, { column_proportions: columns })).id;
  /** @param {number} sectionId @param {string} type @param {Record<string, unknown>} settings @param {number} [column] */
  const block = (sectionId, type, settings, column = 0) => api('POST', `/api/section/${sectionId}/blocks`, { type, column, settings });
  const paragraph =
    'Our photography shows real people in real places. Light is natural, colours are true, and the frame leaves room to breathe. ' +
    'Choose images that tell one story at a time, crop with intent, and never add filters that change the colours of our products.';
  let blocks = 0;
  const intro = await section([1]);
  await block(intro, 'heading', { text: 'Imagery that feels like us', level: 2 });
  await block(intro, 'text', { html: `<p>${paragraph}</p><p>${paragraph}</p>` });
  await block(intro, 'callout', {
    title: 'Rights',
    text: 'Use only images from the brand libraries: their licences cover every channel.',
    tone: 'info',
  });
  blocks += 3;
  let image = 0;
  // 20 image blocks: 8 full width, 12 in two-column sections.
  for (let i = 0; i < 8; i++) {
    const s = await section([1]);
    await block(s, 'image', { asset_ids: [assetIds[image++]], caption: `Scene ${image}: morning light on the harbour`, fit: 'FIT' });
    blocks++;
  }
  await block(await section([1]), 'quote', { text: 'A photograph is a secret about a secret.', attribution: 'Diane Arbus' });
  blocks++;
  for (let i = 0; i < 6; i++) {
    const s = await section([1, 1]);
    await block(s, 'image', { asset_ids: [assetIds[image++]], caption: 'Do: people in context', fit: 'FILL' }, 0);
    await block(s, 'image', { asset_ids: [assetIds[image++]], caption: 'Also good: wide open space', fit: 'FILL' }, 1);
    blocks += 2;
  }
  const details = await section([1]);
  await block(details, 'divider', { style: 'SOLID' });
  await block(details, 'heading', { text: 'Colour and type in images', level: 2 });
  await block(details, 'palette', {
    title: 'Image accents',
    colors: [
      { name: 'Harbour blue', hex: '#1A5FB4', pantone: 'PMS 2945 C' },
      { name: 'Sand', hex: '#F6D32D' },
      { name: 'Slate', hex: '#3D4650' },
    ],
  });
  await block(details, 'typography', {
    family: 'Inter',
    weights: [400, 600, 700],
    styles: [
      { name: 'Caption', size: 14, weight: 400, line_height: 1.4 },
      { name: 'Overlay headline', size: 40, weight: 700, line_height: 1.1 },
    ],
  });
  await block(details, 'code', { code: '<img src="harbour.jpg" alt="Morning light on the harbour" loading="lazy">', language: 'html' });
  await block(details, 'text', { html: `<p>${paragraph}</p>` });
  blocks += 6;
  if (blocks !== BLOCKS || image !== IMAGES) throw new Error(`seeded ${blocks} blocks with ${image} images`);
  return { portalId: portal.id, documentId: doc.id, pageId: page.id };
}

/** @param {number} bytes */
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The gzip size of each script and stylesheet the page's HTML names (same origin).
 * @param {string} base @param {string} html
 */
async function pageAssets(base, html) {
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('');
  /** @param {string[]} paths */
  const gzipped = async (paths) => {
    let raw = 0;
    let gz = 0;
    for (const p of paths) {
      const body = Buffer.from(await (await fetch(`${base}${p}`)).arrayBuffer());
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    return { raw, gz, count: paths.length };
  };
  return { js: await gzipped(scripts), css: { raw: Buffer.byteLength(inlineCss), gz: gzipSync(inlineCss, { level: 9 }).length } };
}

/**
 * Times `count` sequential GETs of `url` (whole body read), after `warm` untimed ones.
 * @param {string} url @param {number} count @param {number} warm
 */
async function timeRequests(url, count, warm = 20) {
  for (let i = 0; i < warm; i++) await (await fetch(url)).arrayBuffer();
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

try {
  log('starting the built server (apps/server/dist) on a fresh DATA_DIR');
  await server.start();
  const client = await signIn(server.base, email, password);
  const brands = await client.api('GET', '/api/brand');
  const brand = brands[0].id;
  const library = await client.api('POST', '/api/project/add/', { name: 'Northwind photography', brand, project_type: 'MEDIALIBRARY' });
  log(`generating ${IMAGES} images (2400 × 1600 JPEG and PNG) and uploading them through POST /api/upload`);
  const files = await makeImages();
  /** @type {number[]} */
  const assetIds = [];
  await pool(files, 2, async (file, i) => {
    const fileId = await client.uploadFile(library.id, file.split('/').at(-1) ?? 'photo.jpg', file);
    const asset = await client.api('POST', '/api/asset', { file_id: fileId, project_id: library.id, title: `Harbour scene ${i + 1}` });
    assetIds[i] = asset.id;
  });
  await client.waitFinished(assetIds);
  log(`seeding a PUBLIC portal with a published page of ${BLOCKS} blocks (${IMAGES} images) through the REST API`);
  const { documentId, pageId } = await seedGuideline(client, brand, assetIds);
  const url = `${server.base}/document/${documentId}/${pageId}`;
  const first = await fetch(url);
  const html = await first.text();
  if (first.status !== 200) throw new Error(`${url}: ${first.status}`);
  const images = [...html.matchAll(/<img\b[^>]*>/g)].length;
  log(`page ${url}: ${kib(Buffer.byteLength(html))} of HTML (${kib(gzipSync(html).length)} gzip), ${images} <img>`);

  const assets = await pageAssets(server.base, html);
  summary.push(
    {
      part: 'size',
      measure: `reader JavaScript the page loads (${assets.js.count} file), gzip`,
      value: `${assets.js.gz} B`,
      target: 'small',
    },
    { part: 'size', measure: 'reader JavaScript, minified', value: `${assets.js.raw} B`, target: '' },
    { part: 'size', measure: 'reader CSS inlined in the page, gzip', value: `${assets.css.gz} B`, target: '' },
    { part: 'size', measure: 'page HTML, gzip', value: kib(gzipSync(html).length), target: '' },
  );
  if (assets.js.count === 0) log('warning: the page names no reader script (is apps/web built with its manifest?)');
  // Every image variant the page offers answers, rendered now as earlier visitors would have caused: Lighthouse then
  // measures a page whose transforms are cached, as a published page's are.
  const variants = new Set(
    [...html.matchAll(/\ssrcSet="([^"]+)"/g)].flatMap((m) =>
      (m[1] ?? '').split(', ').map((c) => (c.split(' ')[0] ?? '').replace(/&amp;/g, '&')),
    ),
  );
  log(`rendering the ${variants.size} image variants the page offers`);
  /** @type {number[]} */
  const statuses = [];
  await pool([...variants], 2, async (v) => {
    statuses.push((await fetch(`${server.base}${v}`, { headers: { accept: 'image/avif,image/webp,*/*' } })).status);
  });
  if (statuses.some((s) => s !== 200)) throw new Error(`media answered ${statuses.join(', ')}`);

  log(`server: ${REQUESTS} sequential GETs of the cached page, then 50 uncached renders`);
  const cached = await timeRequests(url, REQUESTS);
  summary.push(
    { part: 'server', measure: `cached page, p50 over ${REQUESTS} GETs`, value: ms(median(cached)), target: '' },
    { part: 'server', measure: `cached page, p95 over ${REQUESTS} GETs`, value: ms(pct(cached, 95)), target: '< 30 ms' },
    { part: 'server', measure: 'cached page, p99', value: ms(pct(cached, 99)), target: '' },
  );
  // A search parameter makes the server render the page again (searches are never cached).
  /** @type {number[]} */
  const uncached = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await (await fetch(`${url}?library=1&q=${i}`)).arrayBuffer();
    uncached.push(performance.now() - t);
  }
  summary.push(
    { part: 'server', measure: 'uncached render, p50 over 50 GETs', value: ms(median(uncached)), target: '' },
    { part: 'server', measure: 'uncached render, p95', value: ms(pct(uncached, 95)), target: '' },
  );

  log(`Lighthouse ${LIGHTHOUSE_RUNS}× (mobile defaults: simulated slow 4G, 4× CPU slowdown) in ${CHROMIUM}`);
  /** @type {{ performance: number; accessibility: number; fcp: number; lcp: number; tbt: number; cls: number; si: number }[]} */
  const runs = [];
  /** @type {string[]} */
  let failedA11y = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const lhr = await runLighthouse(url, { categories: ['performance', 'accessibility'] });
    if (lhr.runtimeError) {
      log(`run ${i + 1} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      continue;
    }
    const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const run = {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
    };
    runs.push(run);
    const work = /** @type {{ items?: { groupLabel: string; duration: number }[] } | undefined} */ (
      lhr.audits['mainthread-work-breakdown']?.details
    );
    const top = (work?.items ?? [])
      .slice(0, 4)
      .map((w) => `${w.groupLabel} ${ms(w.duration)}`)
      .join(', ');
    if (top) log(`run ${i + 1} main thread (4× slowdown): ${top}`);
    failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    log(
      `run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility} (FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, TBT ${ms(run.tbt)}, CLS ${run.cls.toFixed(3)})`,
    );
  }
  /** @param {(r: (typeof runs)[number]) => number} f */
  const mid = (f) => median(runs.map(f));
  summary.push(
    {
      part: 'lighthouse',
      measure: `performance score, median of ${runs.length} runs (mobile)`,
      value: String(mid((r) => r.performance)),
      target: '>= 90',
    },
    { part: 'lighthouse', measure: 'performance scores of each run', value: runs.map((r) => r.performance).join(', '), target: '' },
    {
      part: 'lighthouse',
      measure: `accessibility score, median of ${runs.length}`,
      value: String(mid((r) => r.accessibility)),
      target: '>= 95',
    },
    { part: 'lighthouse', measure: 'first contentful paint (median)', value: ms(mid((r) => r.fcp)), target: '' },
    { part: 'lighthouse', measure: 'largest contentful paint (median)', value: ms(mid((r) => r.lcp)), target: '' },
    { part: 'lighthouse', measure: 'total blocking time (median)', value: ms(mid((r) => r.tbt)), target: '' },
    { part: 'lighthouse', measure: 'cumulative layout shift (median)', value: mid((r) => r.cls).toFixed(3), target: '' },
    { part: 'lighthouse', measure: 'speed index (median)', value: ms(mid((r) => r.si)), target: '' },
  );
  if (failedA11y.length)
    summary.push({ part: 'lighthouse', measure: 'accessibility audits not passed', value: failedA11y.join(', '), target: '' });
  if (process.env.BENCH_KEEP === '1') {
    printSummary('Emblem guideline reader benchmark (server kept running)', summary);
    log(`BENCH_KEEP=1: the server stays at ${url} until this process is interrupted`);
    await new Promise(() => {});
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  cleanup();
}

printSummary(`Emblem guideline reader benchmark (${BLOCKS} blocks, ${IMAGES} images; embedded PGlite, loopback)`, summary);
process.exit(exitCode);
