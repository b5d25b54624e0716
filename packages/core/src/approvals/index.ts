/** Approval requests on workspace assets and the asset audit trail (issue 15 §3; decision 0049). */

export type * from './responses.js';
export * from './rules.js';
export * from './schemas.js';
