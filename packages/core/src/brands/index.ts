/** Brands. */

export type * from './responses.js';
export * from './rules.js';
export * from './schemas.js';
