/** Asset submission requests: public upload pages that put files into a library folder for review. */

export type * from './responses.js';
export * from './schemas.js';
