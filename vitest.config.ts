import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // The same worker count as web: Vitest runs projects with different counts only in separate groups.
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // jsdom with user-event is slow on a busy two-core machine; the default 5 s flakes there.
          testTimeout: 20_000,
          // Vitest's default is one worker fewer than the cores: a single worker on CI's two cores.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/postgres-global.ts'],
          testTimeout: 30_000,
          // Ceilings: a suite's server starts (migrations included) in a few seconds, but far slower on a loaded machine.
          hookTimeout: 120_000,
          // Argon2 and PGlite are CPU-heavy; two cores on CI.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // A ceiling, not a target: on a loaded CI machine a flow that visits eight pages with axe took over 60 s.
          // Each Playwright wait still has its own 30 s limit, so a real hang names the step that hung.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
