/** Workflow statuses of workspace projects (decision 0045). */

export type * from './responses.js';
export * from './schemas.js';
