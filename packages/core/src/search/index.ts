/** The asset search: fields and their operators, request schemas, answers (issue 13 §3, decision 0039). */

export * from './fields.js';
export type * from './responses.js';
export * from './schemas.js';
export * from './values.js';
