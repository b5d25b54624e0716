/** Assets, revisions, attachments and transfers. */

export * from './expiry.js';
export type * from './responses.js';
export * from './schemas.js';
export * from './sort.js';
export * from './submitted.js';
