// Foundation benchmark: request rate and latency of the health check, an authenticated REST list and a
// GraphQL query, against the built server on embedded PGlite. Loopback only, bounded in count.
// Run: npm run build && node bench/http.mjs [requests-per-case=2000] [concurrency=16]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 16);

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'emblem-bench-'));
const password = 'bench-password-123456';
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    EMBLEM_ADMIN_EMAIL: 'bench@example.com',
    EMBLEM_ADMIN_PASSWORD: password,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com', password }),
});
const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
const { data } = /** @type {{ data: { csrfToken: string } }} */ (await login.json());
const csrf = data.csrfToken;

/** @param {string} name @param {() => Promise<Response>} call */
async function run(name, call) {
  /** @type {number[]} */
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        const res = await call();
        await res.arrayBuffer();
        if (!res.ok) failures++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  /** @param {number} p */
  const pct = (p) => (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(2);
  console.log(
    `${name.padEnd(34)} ${String(Math.round(latencies.length / seconds)).padStart(6)} req/s   p50 ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   failures ${failures}`,
  );
}

console.log(`Emblem foundation benchmark: ${total} requests per case, concurrency ${concurrency}, embedded PGlite`);
await run('GET /api/health', () => fetch(`${base}/api/health`));
await run('GET /api/brand (session)', () => fetch(`${base}/api/brand`, { headers: { cookie } }));
await run('GET /api/auth/session (session)', () => fetch(`${base}/api/auth/session`, { headers: { cookie } }));
await run('POST /graphql-internal brands', () =>
  fetch(`${base}/graphql-internal`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ brands { id name slug } }' }),
  }),
);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
