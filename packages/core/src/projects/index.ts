/** Projects (libraries and workspaces) and their collaborators. */
export * from './enums.js';
export type * from './responses.js';
export * from './schemas.js';
