/** User groups and groups as project collaborators. */

export type * from './responses.js';
export * from './schemas.js';
