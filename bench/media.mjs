// Media benchmark: ingest throughput against sharp alone, transform latency (uncached and cached), listing
// latency with 10,000 assets in one folder, and ZIP streaming throughput and memory. Starts the built server
// on embedded PGlite with a fresh DATA_DIR; loopback only, bounded in count and time.
// Run: npm run bench:media   (or: npm run build && node bench/media.mjs [images=200] [listing=10000] [zipMiB=1024])
// BENCH_ONLY=ingest|listing|zip npm run bench:media runs one part (ingest includes the transforms, which need its
// assets); BENCH_DB=postgres uses a throwaway PostgreSQL.
// The parts are in bench/media/ (ingest.mjs, listing.mjs, zip.mjs); the shared pieces in bench/lib/.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from './lib/client.mjs';
import { BenchServer, freePort, peakRss, printSummary, startPostgres } from './lib/harness.mjs';
import { benchIngest } from './media/ingest.mjs';
import { benchListing } from './media/listing.mjs';
import { benchZip } from './media/zip.mjs';

// BENCH_DB=postgres runs the server on a throwaway PostgreSQL cluster (initdb/pg_ctl) instead of embedded PGlite,
// whose WebAssembly heap alone is several hundred MiB of the server's memory.
const DB = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const IMAGES = Number(process.argv[2] ?? 200);
const LISTING = Number(process.argv[3] ?? 10_000);
const ZIP_MIB = Number(process.argv[4] ?? 1024);
// BENCH_ONLY=<part> runs one part alone (a few minutes instead of ten).
const ONLY = process.env.BENCH_ONLY ?? '';
const PARTS = ['ingest', 'listing', 'zip'];
if (ONLY && !PARTS.includes(ONLY)) throw new Error(`BENCH_ONLY=${ONLY}: the parts that run alone are ${PARTS.join(', ')}`);
/** @param {string} part */
const wanted = (part) => ONLY === '' || ONLY === part;
const ZIP_RUNS = 5;
const JOB_CONCURRENCY = 2;

const work = mkdtempSync(join(tmpdir(), 'emblem-bench-media-'));
const dataDir = join(work, 'data');
const fixtures = join(work, 'fixtures');
mkdirSync(fixtures, { recursive: true });
const port = await freePort();
const email = 'bench@example.com';
const password = 'bench-password-123456';
const secret = randomBytes(32).toString('hex');

/** @type {import('./lib/harness.mjs').Postgres | null} */
let pg = null;
try {
  pg = DB === 'postgres' ? await startPostgres() : null;
} catch (err) {
  rmSync(work, { recursive: true, force: true });
  throw err;
}
const server = new BenchServer(port, {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SESSION_SECRET: secret,
  JOB_CONCURRENCY: String(JOB_CONCURRENCY),
  EMBLEM_ADMIN_EMAIL: email,
  EMBLEM_ADMIN_PASSWORD: password,
  ...(pg ? { DATABASE_URL: pg.url } : {}),
});
/** @type {import('./lib/harness.mjs').SummaryRow[]} */
const summary = [];
let exitCode = 0;

function cleanup() {
  server.kill();
  pg?.stop();
  rmSync(work, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

try {
  await server.start();
  const client = await signIn(server.base, email, password);
  const brands = await client.api('GET', '/api/brand');
  const brand = brands[0].id;
  const library = await client.api('POST', '/api/project/add/', { name: 'Bench media', brand, project_type: 'MEDIALIBRARY' });
  /** @type {import('./media/context.mjs').MediaContext} */
  const ctx = { server, client, secret, work, fixtures, brand, library, summary };
  if (wanted('ingest')) await benchIngest(ctx, { images: IMAGES, jobConcurrency: JOB_CONCURRENCY });
  if (wanted('listing')) await benchListing(ctx, LISTING);
  let lifetimePeak = peakRss(server.pid);
  if (wanted('zip')) lifetimePeak = await benchZip(ctx, { mib: ZIP_MIB, runs: ZIP_RUNS });
  summary.push({
    part: 'all',
    measure: `server peak RSS: first process (${ONLY ? `${ONLY} only` : 'ingest, transforms, listing, ZIP uploads'}) (VmHWM)`,
    value: `${lifetimePeak.toFixed(0)} MiB`,
    target: '',
  });
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  cleanup();
}

printSummary(
  `Emblem media benchmark (${ONLY ? `${ONLY} part only` : `${IMAGES} images, ${LISTING} listed assets, ${ZIP_MIB} MiB ZIP`}; ${DB === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, loopback)`,
  summary,
);
process.exit(exitCode);
