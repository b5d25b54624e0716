/** What other modules may use of the groups module. */
export { listProjectGroups } from './operations.js';
export { removeUserFromAccountGroups } from './queries.js';
