/** What other modules may use of the users module. */
export { sessionUser } from './operations.js';
