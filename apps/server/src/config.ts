import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The one typed, validated configuration. Nothing else in the server reads process.env.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EMBLEM_ADMIN_EMAIL: z.string().email().optional(),
  EMBLEM_ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 14),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  EMBLEM_DEMO: z.enum(['true', 'false']).default('true'),
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).default(5120),
  ACCOUNT_STORAGE_LIMIT_MB: z.coerce.number().int().min(0).default(0),
  IMAGE_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(10_000).default(200),
  TRANSFORM_MAX_WIDTH: z.coerce.number().int().min(16).max(16_384).default(4096),
  TRANSFORM_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SMTP_URL: z
    .string()
    .url()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address, optionally with a name: "Emblem <no-reply@example.com>"')
    .default('Emblem <no-reply@localhost>'),
  /** Only `development` means something to Emblem; other values (production, test, …) are allowed and ignored. */
  NODE_ENV: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  sessionSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Whether an empty database gets the demo content (libraries with generated photos, logos, a PDF, a guideline). */
  demo: boolean;
  sessionTtlMs: number;
  trustProxy: boolean;
  /** Where the built web app lives; absent in API-only tests. */
  webDistDir: string | undefined;
  /** Largest accepted upload, in bytes (413 above). */
  uploadMaxBytes: number;
  /** Default storage quota per account in bytes; 0 is unlimited. */
  accountStorageLimitBytes: number;
  /** Images with more pixels than this are refused. */
  imageMaxPixels: number;
  transformMaxWidth: number;
  transformConcurrency: number;
  jobConcurrency: number;
  /** Where e-mail goes (smtp:// or smtps://); unset writes each message as an .eml file under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The From header of every message Emblem sends. */
  mailFrom: string;
  /** Whether this process runs the background job worker (tests drain jobs themselves). */
  runJobs: boolean;
  /** NODE_ENV=development: a process for working on Emblem, where GraphQL introspection is open to every signed-in caller. */
  development: boolean;
  /**
   * What happens when a request succeeds with an id it named that no access check looked at (access/claims.ts):
   * `log` an error (production), or `enforce`, answering 500 instead (tests).
   */
  uncheckedIds: 'log' | 'enforce';
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const SECRET_VARIABLES = new Set(['DATABASE_URL', 'SMTP_URL', 'SESSION_SECRET', 'EMBLEM_ADMIN_PASSWORD']);

/** Reads and validates the environment. Throws ConfigError with one line naming the variable. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned: Env = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // Values that may carry credentials are not echoed to the console.
    const got = SECRET_VARIABLES.has(name) ? 'a value that is not shown' : `"${cleaned[name] ?? ''}"`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (got ${got})`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET ?? '',
    logLevel: e.LOG_LEVEL,
    adminEmail: e.EMBLEM_ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.EMBLEM_ADMIN_PASSWORD,
    demo: e.EMBLEM_DEMO === 'true',
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    trustProxy: e.TRUST_PROXY === 'true',
    webDistDir: undefined,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1_048_576,
    accountStorageLimitBytes: e.ACCOUNT_STORAGE_LIMIT_MB * 1_048_576,
    imageMaxPixels: e.IMAGE_MAX_MEGAPIXELS * 1_000_000,
    transformMaxWidth: e.TRANSFORM_MAX_WIDTH,
    transformConcurrency: e.TRANSFORM_CONCURRENCY,
    jobConcurrency: e.JOB_CONCURRENCY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    runJobs: true,
    development: e.NODE_ENV === 'development',
    uncheckedIds: 'log',
    ...overrides,
  };
  if (!config.sessionSecret) config.sessionSecret = persistedSecret(config.dataDir);
  return config;
}

/** SESSION_SECRET, when unset, is generated once and kept in DATA_DIR. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
