/**
 * Import rules, checked by `npm test` (npm run lint:deps):
 * - no import circles anywhere in apps/, packages/, e2e/ and bench/ (type-only imports count too);
 * - a server module imports another module only through that module's `modules/<x>/public.ts`
 *   (its manifest, `modules/<x>/index.ts`, is imported by modules/index.ts alone, which is outside every module);
 *   tests may also use another module's test kit (`*test-kit.ts`: fixtures that build its records);
 * - test kits are imported by tests (and other test kits) only, never by the code that runs in production.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make start-up order and refactoring fragile; move the shared piece down a level.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-deep-server-module-import',
      severity: 'error',
      comment: 'Modules talk to each other through modules/<x>/public.ts only.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: [
          '^apps/server/src/modules/$1/',
          '^apps/server/src/modules/[^/]+/public\\.ts$',
          '^apps/server/src/modules/[^/]+/[a-z-]*test-kit\\.ts$',
        ],
      },
    },
    {
      name: 'no-test-kit-in-production',
      severity: 'error',
      comment: 'Test kits import vitest and build records for tests; production code never loads them.',
      from: { path: '^apps/server/src/', pathNot: ['\\.test\\.ts$', 'test-kit\\.ts$', '^apps/server/src/test/'] },
      to: { path: 'test-kit\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
  },
};
