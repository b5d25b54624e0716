import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type AccountRole, extensionOf, type FeatureFlag } from '@emblem/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { loadConfig } from '../config.js';
import { files } from '../db/schema.js';
import type { Actor } from '../http/actor.js';
import { sha256 } from '../lib/secrets.js';
import { addActiveMember, createAccountWithOwner } from '../modules/accounts/operations.js';
import { createBrand } from '../modules/brands/operations.js';
import { createProject } from '../modules/projects/operations.js';
import { prepare, type Started } from '../server.js';
import { newOriginalKey } from '../storage/local.js';

export type Backend = 'pglite' | 'postgres';

export interface Json {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
  body: any;
}

/** An HTTP client with one cookie jar and the CSRF token of its session, like a browser tab. */
export class Client {
  cookie: string | null = null;
  csrf: string | null = null;
  constructor(
    readonly base: string,
    readonly opts: { prefix?: '/api' | '/v1'; bearer?: string } = {},
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; raw?: string; csrf?: boolean } = {},
  ): Promise<Json> {
    const headers: Record<string, string> = { ...extra.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.opts.bearer) headers.authorization = `Bearer ${this.opts.bearer}`;
    if (this.csrf && extra.csrf !== false && method !== 'GET') headers['x-csrf-token'] = this.csrf;
    let payload: string | undefined;
    if (extra.raw !== undefined) payload = extra.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const url =
      path.startsWith('/graphql') || path.startsWith('/api/') || path.startsWith('/v1/') || !path.startsWith('/')
        ? path
        : `${this.opts.prefix ?? '/api'}${path}`;
    const res = await fetch(`${this.base}${url}`, { method, headers, body: payload, redirect: 'manual' });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      if (pair?.startsWith('emblem_session=')) this.cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (HTML)
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  get(path: string, extra?: Parameters<Client['request']>[3]) {
    return this.request('GET', path, undefined, extra);
  }
  post(path: string, body?: unknown, extra?: Parameters<Client['request']>[3]) {
    return this.request('POST', path, body, extra);
  }
  patch(path: string, body?: unknown, extra?: Parameters<Client['request']>[3]) {
    return this.request('PATCH', path, body, extra);
  }
  put(path: string, body?: unknown, extra?: Parameters<Client['request']>[3]) {
    return this.request('PUT', path, body, extra);
  }
  delete(path: string, extra?: Parameters<Client['request']>[3]) {
    return this.request('DELETE', path, undefined, extra);
  }
  async graphql(query: string, variables?: Record<string, unknown>) {
    return this.request('POST', '/graphql-internal', { query, variables });
  }
  async login(email: string, password: string) {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    this.csrf = res.body.data.csrfToken;
    return res;
  }
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  actor: Actor;
}

export interface TestEnv {
  backend: Backend;
  base: string;
  started: Started;
  /** A client with no session. */
  anon(): Client;
  /** Runs every queued background job (previews, metadata…) to completion. */
  drainJobs(): Promise<number>;
  /** A signed-in client. */
  signIn(user: { email: string; password: string }): Promise<Client>;
  factories: {
    account(opts?: {
      flags?: FeatureFlag[];
      plan?: string;
      trialEndsAt?: Date | null;
      name?: string;
    }): Promise<{ accountId: number; owner: TestUser }>;
    member(accountId: number, role?: AccountRole): Promise<TestUser>;
    brand(actor: Actor, name?: string): Promise<{ id: number; name: string; slug: string }>;
    /** A library or workspace project under a new brand (or the given one). */
    project(actor: Actor, opts?: { type?: string; brandId?: number; name?: string }): Promise<{ id: number; brandId: number }>;
    /**
     * A stored file row with the given bytes, as an upload by `actor` would leave it (no validation): `id` is the
     * upload's token (what the API calls file_id), `rowId` its row.
     */
    file(actor: Actor, opts: { name: string; bytes: Buffer; mime?: string }): Promise<{ id: string; rowId: number }>;
  };
}

const PASSWORD = 'correct-horse-battery-staple';
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `emblem_test_${unique()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** `env` adds configuration variables (UPLOAD_MAX_MB…); `webDistDir` serves a built web app from that folder. */
interface EnvOptions {
  env?: Record<string, string>;
  webDistDir?: string;
}

async function startEnv(backend: Backend, opts: EnvOptions = {}): Promise<TestEnv & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emblem-test-'));
  const pgDb = backend === 'postgres' ? await createPgDatabase(inject('pgUrl')) : null;
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', SESSION_SECRET: randomBytes(32).toString('hex'), ...opts.env },
    { databaseUrl: pgDb?.url, runJobs: false, uncheckedIds: 'enforce', webDistDir: opts.webDistDir },
  );
  const started = await prepare(config, { pgliteDir: 'memory://', seed: false });
  await started.app.listen({ port: 0, host: '127.0.0.1' });
  const address = started.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const db = started.database.db;
  const env: TestEnv & { close(): Promise<void> } = {
    backend,
    base,
    started,
    anon: () => new Client(base),
    drainJobs: () => started.jobs.drain(),
    signIn: async (user) => {
      const c = new Client(base);
      await c.login(user.email, user.password);
      return c;
    },
    factories: {
      account: async (opts = {}) => {
        const email = `owner-${unique()}@example.com`;
        const { account, user, actor } = await createAccountWithOwner(db, {
          accountName: opts.name ?? `Account ${unique()}`,
          owner: { name: 'Olive Owner', email, password: PASSWORD },
          plan: opts.plan,
          trialEndsAt: opts.trialEndsAt,
          featureFlags: opts.flags,
        });
        return { accountId: account.id, owner: { id: user.id, email, password: PASSWORD, actor } };
      },
      member: async (accountId, role = 'MEMBER') => {
        const email = `${role.toLowerCase()}-${unique()}@example.com`;
        const { user, actor } = await addActiveMember(db, accountId, { name: `Mia ${role}`, email, password: PASSWORD, role });
        return { id: user.id, email, password: PASSWORD, actor };
      },
      brand: async (actor, name = `Brand ${unique()}`) => {
        const b = await createBrand(db, actor, { name });
        return { id: b.id, name: b.name, slug: b.slug };
      },
      project: async (actor, opts = {}) => {
        const brandId = opts.brandId ?? (await createBrand(db, actor, { name: `Brand ${unique()}` })).id;
        const p = await createProject(db, actor, {
          name: opts.name ?? `Library ${unique()}`,
          brand: brandId,
          project_type: opts.type ?? 'MEDIALIBRARY',
        });
        return { id: p.id, brandId };
      },
      file: async (actor, opts) => {
        const key = newOriginalKey();
        const token = randomBytes(16).toString('base64url');
        const stored = await started.app.storage.put(key, Readable.from([opts.bytes]));
        const [row] = await db
          .insert(files)
          .values({
            accountId: actor.accountId,
            uploadedBy: actor.userId,
            storageKey: key,
            originalName: opts.name,
            extension: extensionOf(opts.name),
            mimeType: opts.mime ?? 'application/octet-stream',
            size: stored.size,
            sha256: stored.sha256,
            uploadTokenHash: sha256(token),
            uploadedViaTokenId: actor.tokenId,
          })
          .returning({ id: files.id });
        return { id: token, rowId: row?.id ?? 0 };
      },
    },
    close: async () => {
      await started.stop();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return env;
}

/**
 * Runs the suite once against embedded PGlite and once against a real PostgreSQL server.
 * `getEnv()` is valid inside tests and hooks of the suite; `opts` as EnvOptions.
 */
export function forEachBackend(name: string, suite: (getEnv: () => TestEnv) => void, opts: EnvOptions = {}) {
  for (const backend of ['pglite', 'postgres'] as const) {
    const skip = backend === 'postgres' && !inject('pgUrl');
    describe.skipIf(skip)(`${name} [${backend}]`, () => {
      let env: (TestEnv & { close(): Promise<void> }) | undefined;
      beforeAll(async () => {
        env = await startEnv(backend, opts);
      });
      afterAll(async () => {
        await env?.close();
      });
      suite(() => {
        if (!env) throw new Error('test environment not started');
        return env;
      });
    });
  }
}
