// Media benchmark, part 4: ZIP streaming throughput (against a raw read of the same files and against plain
// downloads one by one), server CPU per GiB and the server's peak memory while it streams.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import yazl from 'yazl';
import { log, median, peakRss, pool, processCpu } from '../lib/harness.mjs';

/**
 * Uploads `mib` MiB of 64 MiB stored ZIP archives of random bytes into a workspace, restarts the server and streams
 * one bulk download of them `runs` times.
 * @param {import('./context.mjs').MediaContext} ctx @param {{ mib: number; runs: number }} options
 * @returns {Promise<number>} the first server process's peak RSS (MiB), read just before the restart
 */
export async function benchZip(ctx, { mib, runs: zipRuns }) {
  const { client, server, fixtures, brand, summary } = ctx;
  const { api, uploadFile, waitFinished, cookie, base } = client;
  /* ---------- 4. ZIP ---------- */
  const parts = Math.max(1, Math.round(mib / 64));
  log(`ZIP: ${parts} x 64 MiB files (stored ZIP archives of random bytes) into a workspace`);
  const workspace = await api('POST', '/api/project/add/', { name: 'Bench zip', brand, project_type: 'WORKSPACE' });
  /** @type {string[]} */
  const zipFiles = [];
  for (let i = 0; i < parts; i++) {
    const file = join(fixtures, `archive-${i}.zip`);
    await new Promise((/** @type {(v?: unknown) => void} */ resolve, reject) => {
      const z = new yazl.ZipFile();
      z.addBuffer(randomBytes(64 * 1048576 - 200), 'random.bin', { compress: false });
      z.end();
      z.outputStream
        .pipe(createWriteStream(file))
        .on('close', () => resolve())
        .on('error', reject);
    });
    zipFiles.push(file);
  }
  /** @type {number[]} */
  const zipAssets = [];
  await pool(zipFiles, 2, async (file, i) => {
    const fileId = await uploadFile(workspace.id, `archive-${i}.zip`, file);
    zipAssets[i] = (await api('POST', '/api/asset', { file_id: fileId, project_id: workspace.id })).id;
  });
  await waitFinished(zipAssets);
  const prepared = await api('POST', '/api/asset/bulk-download', { asset_ids: zipAssets });
  const lifetimePeak = peakRss(server.pid);
  // A fresh server process for the ZIP, so its peak memory is the ZIP's (previews and uploads above grow the heap).
  await server.stop();
  const pid = await server.start();
  const idlePeak = peakRss(pid);
  const hasCurl = spawnSync('sh', ['-c', 'command -v curl']).status === 0;
  /** Reads a GET body to the end, counting bytes: with curl when there is one (a client light on CPU), else node:http. @param {string} path */
  const drain = (path) => (hasCurl ? curlDrain(path) : httpDrain(path));
  /** @param {string} path */
  const curlDrain = (path) =>
    new Promise((/** @type {(n: number) => void} */ resolve, reject) => {
      const child = spawn('curl', ['-s', '-f', '-o', '/dev/null', '-w', '%{size_download}', '-H', `cookie: ${cookie}`, `${base}${path}`]);
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
      });
      child.on('close', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`curl ${path}: exit ${code}`))));
    });
  /** @param {string} path */
  const httpDrain = (path) =>
    new Promise((/** @type {(n: number) => void} */ resolve, reject) => {
      http
        .get(`${base}${path}`, { headers: { cookie } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
          let bytes = 0;
          res.on('data', (/** @type {Buffer} */ c) => {
            bytes += c.length;
          });
          res.on('end', () => resolve(bytes));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  /** MiB/s of one timed call. @param {() => Promise<number>} fn */
  const timedRate = async (fn) => {
    const t = performance.now();
    const bytes = await fn();
    return { bytes, mibs: bytes / 1048576 / ((performance.now() - t) / 1000) };
  };
  /**
   * The raw read: the files read from disk (the page cache, after the first pass) by this process, no HTTP.
   * With Node's default 64 KiB stream chunks (the reference the target was set against), and with 512 KiB
   * chunks, the server's own read size, which reads about twice as fast: the stricter comparison.
   * @param {number} [highWaterMark]
   */
  const readRaw = async (highWaterMark) => {
    let bytes = 0;
    for (const f of zipFiles) for await (const chunk of createReadStream(f, { highWaterMark })) bytes += chunk.length;
    return bytes;
  };
  const readSingles = async () => {
    let bytes = 0;
    for (const id of zipAssets) bytes += await drain(`/api/asset/${id}/download`);
    return bytes;
  };
  await readRaw();
  // ZIP and raw reads alternate, so a change of load on the machine (other processes) hits both alike; each
  // ratio is the median of the runs' ratios.
  /** @type {{ zip: number; raw: number; raw512: number; cpu: number; bytes: number }[]} */
  const runs = [];
  for (let i = 0; i < zipRuns; i++) {
    const cpu0 = processCpu(pid);
    const zip = await timedRate(() => drain(prepared.download_url));
    const cpu = processCpu(pid) - cpu0;
    const raw = await timedRate(() => readRaw());
    const raw512 = await timedRate(() => readRaw(512 * 1024));
    runs.push({ zip: zip.mibs, raw: raw.mibs, raw512: raw512.mibs, cpu, bytes: zip.bytes });
    log(
      `run ${i + 1}: ZIP ${zip.mibs.toFixed(0)} MiB/s (server CPU ${cpu.toFixed(2)} s); raw read ${raw.mibs.toFixed(0)} MiB/s (${((zip.mibs / raw.mibs) * 100).toFixed(0)} %), at 512 KiB ${raw512.mibs.toFixed(0)} MiB/s (${((zip.mibs / raw512.mibs) * 100).toFixed(0)} %)`,
    );
  }
  log(`ZIP read by ${hasCurl ? 'curl' : 'node:http'}`);
  const zipPeak = peakRss(pid);
  const singleRates = [];
  for (let i = 0; i < 3; i++) singleRates.push((await timedRate(readSingles)).mibs);
  const singles = median(singleRates);
  const zipMibs = median(runs.map((r) => r.zip));
  const zipBytes = runs[0]?.bytes ?? 0;
  summary.push({
    part: 'zip',
    measure: `GET /api/download/<token> MiB/s (${(zipBytes / 1048576).toFixed(0)} MiB, median of ${zipRuns})`,
    value: zipMibs.toFixed(0),
    target: '',
  });
  /** @param {(r: (typeof runs)[number]) => number} f */
  const ratio = (f) => ({
    runs: runs.map((r) => ((r.zip / f(r)) * 100).toFixed(0)).join(' '),
    value: `${(median(runs.map((r) => r.zip / f(r))) * 100).toFixed(0)} %`,
  });
  const r64 = ratio((r) => r.raw);
  const r512 = ratio((r) => r.raw512);
  summary.push({
    part: 'zip',
    measure: 'raw read of the same files (no HTTP) MiB/s',
    value: median(runs.map((r) => r.raw)).toFixed(0),
    target: '',
  });
  summary.push({ part: 'zip', measure: `ratio zip / raw read (median; runs ${r64.runs})`, value: r64.value, target: '>= 70 %' });
  summary.push({
    part: 'zip',
    measure: 'raw read at 512 KiB chunks MiB/s',
    value: median(runs.map((r) => r.raw512)).toFixed(0),
    target: '',
  });
  summary.push({ part: 'zip', measure: `ratio zip / raw read at 512 KiB (runs ${r512.runs})`, value: r512.value, target: '' });
  summary.push({
    part: 'zip',
    measure: 'server CPU seconds per GiB of ZIP (median)',
    value: median(runs.map((r) => r.cpu / (r.bytes / 1073741824))).toFixed(2),
    target: '',
  });
  summary.push({
    part: 'zip',
    measure: 'same files one by one: GET /api/asset/{id}/download MiB/s',
    value: singles.toFixed(0),
    target: '',
  });
  summary.push({
    part: 'zip',
    measure: 'ratio zip / plain downloads',
    value: `${((zipMibs / singles) * 100).toFixed(0)} %`,
    target: '',
  });
  summary.push({
    part: 'zip',
    measure: 'server peak RSS: fresh process, then the ZIPs (VmHWM)',
    value: `${zipPeak.toFixed(0)} MiB`,
    target: '< 300 MiB',
  });
  summary.push({ part: 'zip', measure: 'server peak RSS: fresh process, idle (VmHWM)', value: `${idlePeak.toFixed(0)} MiB`, target: '' });
  return lifetimePeak;
}
