/** Collections: named, ordered sets of a brand's assets. */

export type * from './responses.js';
export * from './schemas.js';
