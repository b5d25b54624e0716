/** Share links: public addresses of assets, a folder or a collection. */

export type * from './responses.js';
export * from './schemas.js';
export * from './permission-tokens.js';
export * from './visitor.js';
