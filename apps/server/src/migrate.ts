import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

/** `npm run db:migrate`: applies the versioned SQL migrations and exits. */
try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` });
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
