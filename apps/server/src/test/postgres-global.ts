import type { TestProject } from 'vitest/node';
import { startCluster } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin URL of a PostgreSQL server for integration tests; '' when none could be had. */
    pgUrl: string;
  }
}

/**
 * Integration tests run against PGlite and against a real PostgreSQL. TEST_DATABASE_URL points at an
 * existing server; otherwise a throwaway cluster is started. With REQUIRE_POSTGRES=1 a missing server fails.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgUrl', given);
    return;
  }
  try {
    const cluster = await startCluster();
    project.provide('pgUrl', cluster.url);
    return () => cluster.stop();
  } catch (err) {
    if (process.env.REQUIRE_POSTGRES === '1') throw err;
    console.warn(`PostgreSQL integration tests SKIPPED: ${(err as Error).message}`);
    project.provide('pgUrl', '');
  }
}
