/** Notifications: the in-app centre, read and unread, the per-type switches and batched e-mails (decision 0050). */

export type * from './responses.js';
export * from './schemas.js';
