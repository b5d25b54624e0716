/** What other modules may use of the workflows module: a new workspace's default statuses, approved assets' move. */
export { moveToApprovedStatus } from './operations.js';
export { insertDefaultStatuses } from './queries.js';
