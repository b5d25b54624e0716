/** What other modules may use of the workflows module: the default statuses a new workspace project starts with. */
export { insertDefaultStatuses } from './queries.js';
