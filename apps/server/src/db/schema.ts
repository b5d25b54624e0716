/*
 * The database schema, one file per domain under ./schema/ (drizzle-kit reads that folder, not this file).
 * This barrel re-exports every table so the rest of the server imports them from one place.
 * Besides the tables it exports the column helpers of the domain files (`accountRef`, `projectRef`…);
 * Drizzle ignores anything that is not a table.
 */
export * from './schema/accounts.js';
export * from './schema/approvals.js';
export * from './schema/assets.js';
export * from './schema/assignments.js';
export * from './schema/auth.js';
export * from './schema/brands.js';
export * from './schema/collections.js';
export * from './schema/comments.js';
export * from './schema/downloads.js';
export * from './schema/events.js';
export * from './schema/files.js';
export * from './schema/folders.js';
export * from './schema/groups.js';
export * from './schema/guidelines.js';
export * from './schema/jobs.js';
export * from './schema/licences.js';
export * from './schema/metadata.js';
export * from './schema/notifications.js';
export * from './schema/projects.js';
export * from './schema/realtime.js';
export * from './schema/search.js';
export * from './schema/settings.js';
export * from './schema/shares.js';
export * from './schema/submissions.js';
export * from './schema/tags.js';
export * from './schema/workflows.js';
