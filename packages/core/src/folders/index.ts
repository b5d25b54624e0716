/** Folders (sets) of a project. */

export type * from './responses.js';
export * from './schemas.js';
