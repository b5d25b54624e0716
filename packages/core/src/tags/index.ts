/** Asset tags: manual and automatic, search with how a tag lies on a selection (decision 0038). */

export type * from './responses.js';
export * from './schemas.js';
