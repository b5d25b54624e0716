/**
 * @emblem/core: enumerations, zod schemas and pure rules shared by server and web, one folder per domain
 * (docs/architecture.md). Shared primitives (ids, common fields) are in shared/.
 */
export * from './accounts/index.js';
export * from './approvals/index.js';
export * from './assets/index.js';
export * from './assignments/index.js';
export * from './auth/index.js';
export * from './brands/index.js';
export * from './collections/index.js';
export * from './comments/index.js';
export * from './duplicates/index.js';
export * from './files/index.js';
export * from './folders/index.js';
export * from './groups/index.js';
export * from './guidelines/index.js';
export * from './licences/index.js';
export * from './media/index.js';
export * from './metadata/index.js';
export * from './notifications/index.js';
export * from './pages/index.js';
export * from './projects/index.js';
export * from './realtime/index.js';
export * from './search/index.js';
export * from './settings/index.js';
export * from './shared/index.js';
export * from './shares/index.js';
export * from './shell/index.js';
export * from './submissions/index.js';
export * from './tags/index.js';
export * from './toolkit/index.js';
export * from './users/index.js';
export * from './workflows/index.js';
