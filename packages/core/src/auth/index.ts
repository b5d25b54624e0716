/** Signing in, invitations, sessions and personal API tokens. */
export * from './schemas.js';
