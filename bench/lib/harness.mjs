// Shared pieces of the benchmarks: free port, percentiles, timed logging, a throwaway PostgreSQL cluster, the built
// server (start, stop), machine and process CPU and memory from /proc, a bounded pool and the summary table.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** performance.now() when the benchmark started (this module's first import). */
export const started = performance.now();

/** @returns {Promise<number>} */
export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** @param {number[]} values @param {number} p */
export const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
/** @param {number[]} values */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
export const ms = (/** @type {number} */ v) => `${v.toFixed(1)} ms`;
export const sleep = (/** @type {number} */ t) => new Promise((r) => setTimeout(r, t));
/** @param {string} what */
export const log = (what) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${what}`);

/** Runs `fn` over items with `n` at a time. @template T @param {T[]} items @param {number} n @param {(item: T, i: number) => Promise<void>} fn */
export const pool = async (items, n, fn) => {
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) {
        const k = i++;
        await fn(/** @type {T} */ (items[k]), k);
      }
    }),
  );
};

/** @typedef {{ url: string; log: string; stop(): void }} Postgres */

/**
 * A throwaway PostgreSQL cluster (as in apps/server/src/test/postgres-cluster.ts), with extra server settings.
 * @param {Record<string, string | number>} [settings] `-c name=value` for the server (shared_buffers, …)
 * @returns {Promise<Postgres>} its URL, its server log (kept until stop) and stop()
 */
export async function startPostgres(settings = {}) {
  /** @param {string} name */
  const find = (name) => {
    const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
    for (const v of ['17', '16', '15'])
      if (existsSync(`/usr/lib/postgresql/${v}/bin/${name}`)) return `/usr/lib/postgresql/${v}/bin/${name}`;
    throw new Error(`${name} not found (install PostgreSQL server binaries or run without BENCH_DB=postgres)`);
  };
  // Its own directory: the work directory is private to this user, and the cluster runs as postgres.
  const root = mkdtempSync(join(tmpdir(), 'emblem-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const uid = asRoot ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()) : undefined;
  const gid = asRoot ? Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()) : undefined;
  if (uid !== undefined && gid !== undefined) chownSync(root, uid, gid);
  /** @param {string} bin @param {string[]} args */
  const run = (bin, args) => {
    const r = spawnSync(bin, args, { encoding: 'utf8', uid, gid, cwd: root, env: { ...process.env, LC_ALL: 'C' } });
    if (r.status !== 0) throw new Error(`${bin} failed: ${r.stderr || r.stdout}`);
  };
  const pgPort = await freePort();
  const data = join(root, 'data');
  run(find('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const options = `-p ${pgPort} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off${extra.join('')}`;
  run(find('pg_ctl'), ['-D', data, '-o', options, '-l', join(root, 'log'), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    log: join(root, 'log'),
    stop: () => {
      spawnSync(find('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { uid, gid, cwd: root });
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The built server (apps/server/dist/main.js) on one port and environment; started again after a stop. */
export class BenchServer {
  /** @type {import('node:child_process').ChildProcess | null} */
  #child = null;

  /**
   * @param {number} port @param {Record<string, string>} env the server's settings, over this process's environment
   * @param {string[]} [nodeArgs] options for node itself (such as --cpu-prof)
   */
  constructor(port, env, nodeArgs = []) {
    this.port = port;
    this.env = env;
    this.nodeArgs = nodeArgs;
    this.base = `http://127.0.0.1:${port}`;
  }

  /** The running process's id (0 before the first start). */
  get pid() {
    return this.#child?.pid ?? 0;
  }

  /** Starts the server and waits until it answers. @returns {Promise<number>} its pid */
  async start() {
    this.#child = spawn(process.execPath, [...this.nodeArgs, 'apps/server/dist/main.js'], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', ...this.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) break;
      } catch {}
      if (i > 300) throw new Error('server did not start');
      await sleep(200);
    }
    return this.pid;
  }

  /** Stops the server (SIGTERM) and waits until it has exited. */
  async stop() {
    const s = this.#child;
    if (!s || s.exitCode !== null) return;
    const exited = new Promise((r) => s.once('exit', r));
    s.kill('SIGTERM');
    await exited;
  }

  /** Sends SIGTERM without waiting (cleanup on the way out). */
  kill() {
    if (this.#child && this.#child.exitCode === null) this.#child.kill('SIGTERM');
  }
}

/** Idle CPU seconds of the whole machine (all cores), from /proc/stat (idle + iowait). */
export const machineIdle = () => {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  return (Number(cpu[4]) + Number(cpu[5])) / 100;
};
/** VmHWM (peak resident memory) of a process, in MiB. @param {number} pid */
export const peakRss = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** CPU seconds (user + system) a process has used so far. @param {number} pid */
export const processCpu = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
};

/** @typedef {{ part: string; measure: string; value: string; target: string }} SummaryRow */

/** Prints the summary table under a title line, then the total time. @param {string} title @param {SummaryRow[]} rows */
export function printSummary(title, rows) {
  const widths = { part: 12, measure: 56, value: 22 };
  console.log(`\n${title}`);
  console.log(`${'part'.padEnd(widths.part)}${'measure'.padEnd(widths.measure)}${'value'.padEnd(widths.value)}target`);
  for (const row of rows) {
    console.log(
      `${(row.part ?? '').padEnd(widths.part)}${(row.measure ?? '').padEnd(widths.measure)}${(row.value ?? '').padEnd(widths.value)}${row.target ?? ''}`,
    );
  }
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
