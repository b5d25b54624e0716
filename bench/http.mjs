// HTTP throughput benchmark (issue 16 §2): request rate and latency with 16 connections of a bare Fastify route
// (the baseline, same machine, same run), a signed-in GET /api/brand and a 100-asset POST /api/asset/list, against
// the built server on embedded PGlite and on PostgreSQL. The load comes from autocannon in this process; the
// servers run in their own processes.
// Run: npm run build && node bench/http.mjs [seconds-per-case=5] [connections=16]
// PostgreSQL: DATABASE_URL names an empty database to use; without it a throwaway cluster is started with
// initdb/pg_ctl (as the postgres user when root). BENCH_DB=pglite or BENCH_DB=postgres runs one backend only.
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there (node --cpu-prof), to read with
// node bench/lib/profile-summary.mjs <file.cpuprofile>.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { signIn } from './lib/client.mjs';
import { BenchServer, freePort, log, pool, processCpu, sleep, startPostgres } from './lib/harness.mjs';

const SECONDS = Number(process.argv[2] ?? 5);
const CONNECTIONS = Number(process.argv[3] ?? 16);
const WARMUP_SECONDS = 1;
const ASSETS = 100;
const ONLY = process.env.BENCH_DB ?? '';
if (ONLY && ONLY !== 'pglite' && ONLY !== 'postgres') throw new Error(`BENCH_DB=${ONLY}: use pglite or postgres`);

/** @typedef {{ name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; cpu: number }} Row */
/** @type {Row[]} */
const rows = [];

/**
 * Warms up, then measures `SECONDS` of load on one request, with the CPU time the server process spent per request
 * (user + system; the figure least disturbed by other work on the machine; PostgreSQL's own processes not included).
 * @param {string} name @param {number} pid the server's process
 * @param {{ url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }} request
 */
async function measure(name, pid, request) {
  const opts = { ...request, connections: CONNECTIONS };
  await autocannon({ ...opts, duration: WARMUP_SECONDS });
  const cpuBefore = processCpu(pid);
  const r = await autocannon({ ...opts, duration: SECONDS });
  const cpu = processCpu(pid) - cpuBefore;
  const row = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpu: (1000 * cpu) / Math.max(1, r.requests.total),
  };
  rows.push(row);
  log(
    `${name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, server CPU ${row.cpu.toFixed(2)} ms/request`,
  );
}

async function bareFastify() {
  const port = await freePort();
  const child = spawn(process.execPath, ['bench/lib/bare-fastify.mjs', String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {}
    if (i > 100) throw new Error('bare Fastify did not start');
    await sleep(100);
  }
  try {
    await measure('bare Fastify GET / (baseline)', child.pid ?? 0, { url });
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/** @param {'pglite' | 'postgres'} backend @param {string | undefined} databaseUrl */
async function emblem(backend, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'emblem-bench-http-'));
  const email = 'bench@example.com';
  const password = 'bench-password-123456';
  const profile = process.env.BENCH_CPU_PROF;
  const server = new BenchServer(
    await freePort(),
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EMBLEM_ADMIN_EMAIL: email,
      EMBLEM_ADMIN_PASSWORD: password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, `--cpu-prof-name=server-${backend}.cpuprofile`] : [],
  );
  try {
    await server.start();
    const client = await signIn(server.base, email, password);
    const brand = (await client.api('GET', '/api/brand'))[0].id;
    const library = await client.api('POST', '/api/project/add/', { name: 'Bench HTTP', brand, project_type: 'MEDIALIBRARY' });
    // Link assets (no files); their processing jobs finish before measuring, so nothing runs in the background.
    /** @type {number[]} */
    const ids = [];
    await pool(
      Array.from({ length: ASSETS }, (_, i) => i),
      8,
      async (i) => {
        const asset = await client.api('POST', '/api/asset', {
          object_type: 'URL',
          external_url: `https://example.com/asset/${i}`,
          title: `Asset ${String(i).padStart(3, '0')}`,
          project_id: library.id,
        });
        ids.push(asset.id);
      },
    );
    await client.waitFinished(ids);
    const listed = await client.api('POST', '/api/asset/list', { project_id: library.id, limit: ASSETS });
    if (listed.items.length !== ASSETS) throw new Error(`the list has ${listed.items.length} assets, not ${ASSETS}`);
    const headers = client.auth;
    await measure(`${backend}: GET /api/brand (session)`, server.pid, { url: `${server.base}/api/brand`, headers });
    await measure(`${backend}: POST /api/asset/list (${ASSETS} assets)`, server.pid, {
      url: `${server.base}/api/asset/list`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: library.id, limit: ASSETS }),
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Emblem HTTP benchmark: ${CONNECTIONS} connections, ${SECONDS} s per case after ${WARMUP_SECONDS} s of warm-up`);
await bareFastify();
if (ONLY !== 'postgres') await emblem('pglite', undefined);
if (ONLY !== 'pglite') {
  const given = process.env.DATABASE_URL;
  /** @type {import('./lib/harness.mjs').Postgres | null} */
  let cluster = null;
  try {
    if (!given) cluster = await startPostgres({ max_connections: 100 });
  } catch (err) {
    console.log(`PostgreSQL skipped: ${/** @type {Error} */ (err).message.split('\n')[0]}`);
  }
  try {
    if (given || cluster) await emblem('postgres', given ?? cluster?.url);
  } finally {
    cluster?.stop();
  }
}

console.log(
  `\n${'case'.padEnd(46)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}${'CPU ms/req'.padStart(12)}`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(46)}${String(Math.round(r.rps)).padStart(8)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.non2xx + r.errors).padStart(9)}${r.cpu.toFixed(2).padStart(12)}`,
  );
}
console.log('targets: >= 2,000 req/s with p99 <= 25 ms on PostgreSQL, >= 1,000 req/s on PGlite (both Emblem routes)');
