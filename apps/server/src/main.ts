import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { prepare, probeListen, startupFailure } from './server.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env, { webDistDir: fileURLToPath(new URL('../../web/dist', import.meta.url)) });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

let started: Awaited<ReturnType<typeof prepare>>;
try {
  await probeListen(config);
  started = await prepare(config);
  await started.app.listen({ port: config.port, host: config.host });
} catch (err) {
  // A failed start is one line naming the cause, like a configuration error: never a stack trace.
  console.error(`Emblem could not start: ${startupFailure(err, config)}`);
  process.exit(1);
}
const { seed } = started;
// Only now: the worker's identity is the listening address, which no other live process can hold.
started.startJobs();

const url = config.publicUrl;
console.log(`Emblem is running at ${url} (database: ${started.database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`);
if (seed) {
  console.log(
    `Sign in as ${seed.email}${seed.generatedPassword ? ` with the generated password: ${seed.generatedPassword}` : ' with EMBLEM_ADMIN_PASSWORD'}`,
  );
  if (seed.generatedPassword) console.log('This password is shown only once; set EMBLEM_ADMIN_PASSWORD to choose your own.');
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    started.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
