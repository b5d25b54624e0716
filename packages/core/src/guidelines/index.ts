/** Guideline portals. */

export type * from './responses.js';
export * from './schemas.js';
