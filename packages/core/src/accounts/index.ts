/** Accounts: roles, plans, feature flags, members, access requests and the trial. */
export * from './enums.js';
export type * from './responses.js';
export * from './rules.js';
export * from './schemas.js';
