/**
 * Import rules, checked by `npm test` (npm run lint:deps):
 * - no import circles anywhere in the server, the web app or packages/core;
 * - a server module imports another module only through that module's public file
 *   (`modules/<x>/public.ts`) or its manifest (`modules/<x>/index.ts`, for modules/index.ts only);
 * - a web feature imports another feature only through its public files (`api.ts`, `public.ts`).
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
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/public\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
  },
};
