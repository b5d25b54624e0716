/**
 * The one place that turns an id from a request into a record the caller may use. Each kind of record has one
 * access function with named permissions; it answers 404 for a record the caller cannot see and 403 for one they
 * may see but not change, and returns a `Checked` record that only this module can make. Operations take those,
 * so an id that skipped its check does not compile; ids marked in the request schemas that a successful request
 * never checked are caught at run time (claims.ts). Depends only on queries and pure policies.
 */

export * from './account.js';
export * from './approvals.js';
export * from './assets.js';
export * from './assignments.js';
export type { Checked } from './checked.js';
export * from './collections.js';
export * from './comments.js';
export * from './folders.js';
export * from './guidelines.js';
export * from './licences.js';
export * from './metadata.js';
export * from './notifications.js';
export * from './permission-tokens.js';
export * from './projects.js';
export * from './scoped.js';
export * from './share-visitors.js';
export * from './shares.js';
export * from './submissions.js';
export * from './uploads.js';
export * from './workflows.js';
