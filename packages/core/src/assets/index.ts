/** Assets, revisions, attachments and transfers. */
export * from './schemas.js';
