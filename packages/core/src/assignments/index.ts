/** Assignee, due date and checklists of workspace assets, and checklist presets (decision 0048). */

export type * from './responses.js';
export * from './schemas.js';
