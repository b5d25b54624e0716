/** What other modules may use of the projects module. */
export { changeProjectGrant, listProjects, visibleProjects } from './operations.js';
export { projectPolicy } from './policy.js';
export { accountBlockedExtensions, type ProjectRow } from './queries.js';
