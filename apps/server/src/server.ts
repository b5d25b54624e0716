import type { FastifyInstance } from 'fastify';
import { buildApp, createLogger } from './app.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { type SeedResult, seedDemo } from './db/seed.js';
import { registerProcessors } from './jobs/processors.js';
import { JobWorker } from './jobs/queue.js';
import { createMailer } from './mail/mailer.js';
import { LocalStorage } from './storage/local.js';

export interface Started {
  app: FastifyInstance;
  database: Database;
  seed: SeedResult | null;
  jobs: JobWorker;
  stop(): Promise<void>;
}

/** Opens the database, migrates, seeds an empty one and builds the app (main.ts and tests share this). */
export async function prepare(config: Config, opts: { pgliteDir?: string; seed?: boolean } = {}): Promise<Started> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: opts.pgliteDir ?? `${config.dataDir}/pglite`,
  });
  await database.migrate();
  const seed = opts.seed === false ? null : await seedDemo(database.db, config);
  const logger = createLogger(config);
  const storage = new LocalStorage(config.dataDir);
  const jobs = new JobWorker(database.db, logger.child({ component: 'jobs' }), config.jobConcurrency);
  const mailer = createMailer(config, logger.child({ component: 'mail' }));
  const app = await buildApp(config, database, { storage, jobs, mailer, logger });
  registerProcessors(app, jobs);
  if (config.runJobs) jobs.start();
  return {
    app,
    database,
    seed,
    jobs,
    stop: async () => {
      await jobs.stop();
      await app.close();
      await mailer.close();
      await database.close();
    },
  };
}
