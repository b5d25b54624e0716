/** What other modules may use of the groups module. */
export { addInviteeToGroups } from './invitees.js';
export { listProjectGroups } from './operations.js';
export { removeUserFromAccountGroups } from './queries.js';
