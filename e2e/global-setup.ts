import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const HEALTH_TIMEOUT_MS = 180_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** True when Chromium is missing and REQUIRE_E2E is not set: every e2e test is skipped. */
    e2eSkip: boolean;
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    /** The server's DATA_DIR: without SMTP_URL its e-mails are .eml files under DATA_DIR/mail. */
    dataDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, server: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exited: number | null = null;
  server.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new Error(`The server exited with code ${exited} before it was healthy.\n--- server stderr ---\n${stderr()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET ${baseURL}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000}s.\n--- server stderr ---\n${stderr()}`);
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    const force = setTimeout(() => server.kill('SIGKILL'), 5_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/**
 * Starts the built server on a free port with a fresh data directory and the seeded owner, and hands the
 * address and credentials to the tests. Without Chromium the suite is skipped, unless REQUIRE_E2E=1.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.env.REQUIRE_E2E === '1') throw new Error(`e2e required (REQUIRE_E2E=1) but ${CHROMIUM_PATH} not found`);
    console.log(`e2e skipped: ${CHROMIUM_PATH} not found`);
    project.provide('e2eSkip', true);
    project.provide('baseURL', '');
    project.provide('adminEmail', '');
    project.provide('adminPassword', '');
    project.provide('dataDir', '');
    return;
  }
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} not found: run \`npm run build\` first (npm run test:e2e does).`);

  mkdirSync(join(ROOT, 'e2e/artifacts'), { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'emblem-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const adminEmail = 'admin@example.com';
  const adminPassword = 'e2e-correct-horse-battery-staple';

  let stderrText = '';
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBLEM_ADMIN_EMAIL: adminEmail,
      EMBLEM_ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    stderrText += chunk.toString();
  });

  const teardown = async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, server, () => stderrText);
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('e2eSkip', false);
  project.provide('baseURL', baseURL);
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  project.provide('dataDir', dataDir);
  return teardown;
}
