import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** PGlite and node-postgres databases share this type; so do their transactions. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY payload sent on `channel` by any connection, once its transaction commits.
   * On PostgreSQL a dedicated connection LISTENs and reconnects with backoff when it is lost (`onReconnect` then
   * runs: notifications sent meanwhile were missed); `onLost` runs as soon as it is lost. Resolves once listening,
   * with the function that stops it. PGlite is in this process and never loses it.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Where the versioned SQL migrations are: beside this file in source, copied beside the bundle in dist. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite's buffer pool. PostgreSQL's default (128 MB) sits inside PGlite's WebAssembly heap and is resident
 * from the start, which made an idle embedded server use about 380 MiB. PGlite reads its pages through the
 * operating system's file cache, so a small pool costs little: asset listings of a 10,000-asset folder answer
 * in the same time with 16 MB as with 128 MB (docs/decisions/0013).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** `databaseUrl` set: a real PostgreSQL via node-postgres. Otherwise embedded PGlite at `pgliteDir` ('memory://' for tests). */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    // No JIT: Emblem's statements are short, and compiling the search's plans cost about 450 ms each (bench/findability).
    // No parallel workers: each is a new process that first maps every shared buffer it reads, and with requests
    // running side by side they compete for the same cores; the search at 1,000,000 assets answered about 10 ms
    // sooner without them (decision 0044).
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      options: '-c jit=off -c max_parallel_workers_per_gather=0',
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      migrate: async () => {
        // Several processes may start at once: one migrates, the others wait for it.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727274)');
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock(727274)').catch(() => {});
          client.release();
        }
      },
      listen: (channel, onPayload, onReconnect, onLost) =>
        listenPostgres(opts.databaseUrl as string, channel, onPayload, onReconnect, onLost),
      close: () => pool.end(),
    };
  }
  if (!opts.pgliteDir.startsWith('memory://')) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = new PGlite(opts.pgliteDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    // The search index (decision 0039) uses trigram matching and accent folding.
    extensions: { pg_trgm, unaccent },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!closed) await stop();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

const LISTEN_RETRY_MAX_MS = 30_000;

/** A dedicated node-postgres connection that LISTENs on `channel`, reconnecting with backoff (0.5 s doubling to 30 s). */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
  onLost?: () => void,
) {
  let current: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    // A lost connection emits 'error' then 'end'; 'end' schedules the reconnection.
    client.on('error', () => {});
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      onLost?.();
      retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    failures = 0;
  };
  const retry = () => {
    if (stopped || timer) return;
    const delay = Math.min(LISTEN_RETRY_MAX_MS, 500 * 2 ** failures++);
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        () => onReconnect?.(),
        () => retry(),
      );
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
