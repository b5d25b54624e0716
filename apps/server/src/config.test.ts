import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'emblem-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: dir, databaseUrl: undefined, logLevel: 'info' });
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('generates SESSION_SECRET once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_SECRET', 'short'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'not a url'],
    ['MAIL_FROM', 'Emblem'],
  ])('refuses a bad %s with one line naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('is a development process only with NODE_ENV=development; other values are accepted and change nothing', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).development).toBe(true);
    for (const value of [undefined, '', 'production', 'test', 'staging', 'Development']) {
      expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: value }).development, String(value)).toBe(false);
    }
  });

  it('switches to PostgreSQL when DATABASE_URL is a postgres URL', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db:5432/emblem' });
    expect(c.databaseUrl).toBe('postgres://u:p@db:5432/emblem');
  });

  it('reads SMTP_URL and MAIL_FROM, and never echoes a URL that may carry a password', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.smtpUrl).toBeUndefined();
    expect(defaults.mailFrom).toBe('Emblem <no-reply@localhost>');
    const c = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtps://user:pw@mail.example.com:465', MAIL_FROM: 'Brand <brand@example.com>' });
    expect(c.smtpUrl).toBe('smtps://user:pw@mail.example.com:465');
    expect(c.mailFrom).toBe('Brand <brand@example.com>');
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'https://user:secret-pw@mail.example.com' })).toThrow(
      /^Invalid configuration: SMTP_URL .*\(got a value that is not shown\)$/,
    );
    try {
      loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'https://user:secret-pw@mail.example.com' });
    } catch (err) {
      expect((err as Error).message).not.toContain('secret-pw');
    }
  });
});
