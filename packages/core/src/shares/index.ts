/** Share links: public addresses of assets, a folder or a collection. */

export * from './permission-tokens.js';
export type * from './responses.js';
export * from './schemas.js';
export * from './visitor.js';
