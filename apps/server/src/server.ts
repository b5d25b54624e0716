import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { type SeedResult, seedDemo } from './db/seed.js';

export interface Started {
  app: FastifyInstance;
  database: Database;
  seed: SeedResult | null;
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
  const app = await buildApp(config, database);
  return {
    app,
    database,
    seed,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}
