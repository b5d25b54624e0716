/** Duplicate and similar assets of a library, and how a group is resolved (decision 0042). */

export * from './grouping.js';
export type * from './responses.js';
export * from './schemas.js';
