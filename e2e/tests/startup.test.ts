import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { config, skipE2E } from '../support.js';

const SERVER_ENTRY = join(dirname(fileURLToPath(import.meta.url)), '../../apps/server/dist/main.js');

/** Starts the built server with `env` and waits for it to exit; its exit code and output. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the second server did not exit within 60 s\n${stdout}\n${stderr}`));
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.skipIf(skipE2E)('start-up', () => {
  it('a second instance on a port in use stops with one clear line, no stack trace', async () => {
    const { port, hostname } = new URL(config().baseURL);
    const dataDir = mkdtempSync(join(tmpdir(), 'emblem-e2e-second-'));
    try {
      const { code, stdout, stderr } = await runServer({ PORT: port, HOST: hostname, DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `Emblem could not start: port ${port} on ${hostname} is already in use (is Emblem already running?); stop the other process or set PORT to a free port`,
      ]);
      expect(`${stdout}${stderr}`).not.toMatch(/\n\s+at |EADDRINUSE/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
