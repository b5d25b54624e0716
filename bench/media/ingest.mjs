// Media benchmark, parts 1 and 2: ingest throughput through the server against sharp alone, then transform latency
// (uncached and cached) of the ingested assets.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { log, machineIdle, ms, pct, pool, processCpu } from '../lib/harness.mjs';

/**
 * Generates `images` 12-megapixel JPEGs, ingests them through the server and times sharp alone on the same files;
 * then times a transform of each.
 * @param {import('./context.mjs').MediaContext} ctx
 * @param {{ images: number; jobConcurrency: number }} options the server's JOB_CONCURRENCY, for sharp alone
 */
export async function benchIngest(ctx, { images, jobConcurrency }) {
  const { client, library, summary, fixtures, work } = ctx;
  const { api, uploadFile, waitFinished } = client;
  /* ---------- 1. ingest ---------- */
  log(`generating ${images} 12-megapixel JPEGs (4000x3000, gradient + noise)`);
  const noise = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  /** @type {string[]} */
  const jpegs = [];
  await pool(
    Array.from({ length: images }, (_, i) => i),
    2,
    async (i) => {
      const seed = randomBytes(8 * 6 * 3);
      const gradient = sharp(seed, { raw: { width: 8, height: 6, channels: 3 } }).resize(4000, 3000, { kernel: 'cubic' });
      const file = join(fixtures, `photo-${i}.jpg`);
      await gradient
        .composite([{ input: noise, blend: 'soft-light' }])
        .jpeg({ quality: 85 })
        .toFile(file);
      jpegs[i] = file;
    },
  );
  const jpegBytes = jpegs.reduce((s, f) => s + readFileSync(f).length, 0);
  log(`fixtures ready: ${(jpegBytes / 1048576).toFixed(0)} MiB`);

  log('ingest through the server: POST /api/upload + POST /api/asset until every asset is FINISHED');
  const serverCpu = () => processCpu(ctx.server.pid);
  /** @type {number[]} */
  const assetIds = [];
  const t0 = performance.now();
  const serverCpu0 = serverCpu();
  const clientCpu0 = process.cpuUsage();
  const idle0 = machineIdle();
  await pool(jpegs, 4, async (file, i) => {
    const fileId = await uploadFile(library.id, `photo-${i}.jpg`, file);
    const asset = await api('POST', '/api/asset', { file_id: fileId, project_id: library.id });
    assetIds[i] = asset.id;
  });
  await waitFinished(assetIds);
  const ingestSeconds = (performance.now() - t0) / 1000;
  const ingestServerCpu = serverCpu() - serverCpu0;
  const clientCpu = process.cpuUsage(clientCpu0);
  const ingestClientCpu = (clientCpu.user + clientCpu.system) / 1e6;
  const ingestIdle = machineIdle() - idle0;
  const serverRate = images / ingestSeconds;
  log(
    `server: ${serverRate.toFixed(2)} images/s (${ingestSeconds.toFixed(1)} s; CPU: server ${ingestServerCpu.toFixed(1)} s, this client ${ingestClientCpu.toFixed(1)} s, machine idle ${ingestIdle.toFixed(1)} s)`,
  );

  log(`sharp alone, ${jobConcurrency} at a time, same previews (2400 px WebP) from the same files`);
  const out = join(work, 'sharp-out');
  mkdirSync(out);
  const t1 = performance.now();
  const sharpCpu0 = process.cpuUsage();
  await pool(jpegs, jobConcurrency, async (file, i) => {
    await sharp(file, { limitInputPixels: 200_000_000 })
      .rotate()
      .resize({ width: 2400, height: 7200, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, alphaQuality: 90, effort: 2 })
      .toFile(join(out, `${i}.webp`));
  });
  const sharpRate = images / ((performance.now() - t1) / 1000);
  const sharpCpu = process.cpuUsage(sharpCpu0);
  const sharpCpuSeconds = (sharpCpu.user + sharpCpu.system) / 1e6;
  log(`sharp alone: ${sharpRate.toFixed(2)} images/s (CPU ${sharpCpuSeconds.toFixed(1)} s)`);
  summary.push({ part: 'ingest', measure: 'server images/s (upload + asset + previews)', value: serverRate.toFixed(2), target: '' });
  summary.push({ part: 'ingest', measure: 'sharp alone images/s', value: sharpRate.toFixed(2), target: '' });
  summary.push({
    part: 'ingest',
    measure: 'CPU s per image: server (+ bench client) / sharp alone',
    value: `${((ingestServerCpu + ingestClientCpu) / images).toFixed(3)} (${(ingestClientCpu / images).toFixed(3)}) / ${(sharpCpuSeconds / images).toFixed(3)}`,
    target: '',
  });
  summary.push({ part: 'ingest', measure: 'ratio server / sharp', value: (serverRate / sharpRate).toFixed(2), target: '>= 0.70' });

  await benchTransforms(ctx, assetIds);
}

/**
 * Part 2: a 400 px WebP of each asset through its signed media URL, first uncached, then cached.
 * @param {import('./context.mjs').MediaContext} ctx @param {number[]} assetIds
 */
async function benchTransforms({ client, secret, summary }, assetIds) {
  /* ---------- 2. transforms ---------- */
  /**
   * The server's media URL signing (modules/media/urls.ts), with the secret we gave it. The server refuses a URL
   * without a signed `exp` (unix seconds), so each gets one an hour ahead.
   */
  const signed = (/** @type {string} */ token, /** @type {number} */ revisionId, /** @type {Record<string, string | number>} */ params) => {
    const path = `/media/${token}/${revisionId}`;
    const query = Object.keys(params)
      .sort()
      .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(params[k]))}`)
      .join('&');
    const sig = createHmac('sha256', `${secret}:media`).update(`${path}?${query}`).digest('base64url').slice(0, 22);
    return `${path}?${query}&sig=${sig}`;
  };
  const transformUrls = [];
  for (const id of assetIds) {
    const a = await client.api('GET', `/api/asset/${id}`);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    transformUrls.push(signed(a.asset_token, a.revision.id, { width: 400, format: 'webp', exp }));
  }
  /** @param {string} url */
  const timed = async (url) => {
    const t = performance.now();
    const res = await fetch(`${client.base}${url}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return performance.now() - t;
  };
  const uncached = [];
  for (const u of transformUrls) uncached.push(await timed(u));
  const cached = [];
  for (const u of transformUrls) cached.push(await timed(u));
  log(`transform ?width=400&format=webp: uncached p50 ${ms(pct(uncached, 50))}, cached p50 ${ms(pct(cached, 50))}`);
  summary.push({
    part: 'transform',
    measure: 'uncached p50 / p95',
    value: `${ms(pct(uncached, 50))} / ${ms(pct(uncached, 95))}`,
    target: '',
  });
  summary.push({
    part: 'transform',
    measure: 'cached p50 / p95',
    value: `${ms(pct(cached, 50))} / ${ms(pct(cached, 95))}`,
    target: 'p50 < 5 ms',
  });
}
