import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, createLogger } from './app.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { seedDemoContent } from './db/demo.js';
import { type SeedResult, seedDemo } from './db/seed.js';
import { CONNECTION_IDLE_MS } from './http/limits.js';
import { registerJobs } from './jobs/define.js';
import { JobWorker, workerIdentity } from './jobs/queue.js';
import { createMailer } from './mail/mailer.js';
import { removeLeftoverTemporaryFiles } from './modules/files/temporary.js';
import { modules } from './modules/index.js';
import { LocalStorage } from './storage/local.js';

export interface Started {
  app: FastifyInstance;
  database: Database;
  seed: SeedResult | null;
  jobs: JobWorker;
  /**
   * Starts the job worker when config.runJobs, once the server listens: its identity is this host and the
   * listening address and port, so it takes back at once the jobs its previous run held (see workerIdentity).
   */
  startJobs(): void;
  stop(): Promise<void>;
}

/**
 * Opens the database, migrates, seeds an empty one, removes the temporary files a crash left, and builds the app
 * (main.ts and tests share this). Jobs start with startJobs() once the server listens.
 */
export async function prepare(config: Config, opts: { pgliteDir?: string; seed?: boolean; database?: Database } = {}): Promise<Started> {
  // `database`: one already open and migrated, shared with another app in this process (tests of two servers on one
  // embedded database); it stays open when this app stops.
  const shared = opts.database;
  const database =
    shared ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: opts.pgliteDir ?? `${config.dataDir}/pglite`,
    }));
  if (!shared) await database.migrate();
  const seed = opts.seed === false ? null : await seedDemo(database.db, config);
  const logger = createLogger(config);
  const storage = new LocalStorage(config.dataDir);
  // Before the server listens, so no upload of this process is running yet.
  await removeLeftoverTemporaryFiles({ storage, dataDir: config.dataDir, log: logger }, { exclusive: database.kind === 'pglite' });
  const jobs = new JobWorker(database.db, logger.child({ component: 'jobs' }), { concurrency: config.jobConcurrency });
  const mailer = createMailer(config, logger.child({ component: 'mail' }));
  const app = await buildApp(config, database, { storage, jobs, mailer, logger });
  // A silent connection (a stalled upload) is closed after CONNECTION_IDLE_MS; removeLeftoverTemporaryFiles relies on it.
  app.server.setTimeout(CONNECTION_IDLE_MS);
  const jobTypes = registerJobs(
    jobs,
    modules.flatMap((m) => m.jobs ?? []),
    { db: app.db, storage, mailer, config, log: logger.child({ component: 'jobs' }) },
  );
  app.addHook('onReady', jobTypes.ready);
  if (seed && config.demo) {
    await seedDemoContent({ db: app.db, storage, config, jobsEnqueued: () => {} }, seed.owner, seed.brandId);
  }
  return {
    app,
    database,
    seed,
    jobs,
    startJobs: () => {
      if (!config.runJobs) return;
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('start the jobs once the server listens on a port');
      jobs.start({ identity: workerIdentity(address) });
    },
    stop: async () => {
      await jobs.stop();
      await app.close();
      await mailer.close();
      if (!shared) await database.close();
    },
  };
}

/**
 * Fails fast, before the database is opened and the demo seeded, when the address cannot be listened on (a port
 * in use, a privileged port, a foreign host): a probe that binds and lets go at once. The real listen after
 * start-up still reports a port taken in between.
 */
export function probeListen(config: Pick<Config, 'port' | 'host'>): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Why the server could not start, in one line for the console (the address in use, a database refusing…). */
export function startupFailure(err: unknown, config: Pick<Config, 'port' | 'host'>): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'EADDRINUSE') {
    return `port ${config.port} on ${config.host} is already in use (is Emblem already running?); stop the other process or set PORT to a free port`;
  }
  if (e?.code === 'EACCES') return `not allowed to listen on port ${config.port} on ${config.host}; set PORT to a port above 1023`;
  if (e?.code === 'EADDRNOTAVAIL') return `${config.host} is not an address of this machine; set HOST to one that is (for example 0.0.0.0)`;
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0]?.trim() || 'unknown error';
}
