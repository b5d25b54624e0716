/** Guideline portals, documents, pages, sections and blocks. */

export * from './blocks.js';
export type * from './responses.js';
export * from './schemas.js';
export * from './structure.js';
