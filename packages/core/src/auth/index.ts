/** Signing in, invitations, sessions and personal API tokens. */

export type * from './responses.js';
export * from './schemas.js';
