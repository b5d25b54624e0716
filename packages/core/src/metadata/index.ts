/** Custom metadata: properties of a brand, their values on assets, and the pure rules (decision 0040). */

export type * from './responses.js';
export * from './rules.js';
export * from './schemas.js';
