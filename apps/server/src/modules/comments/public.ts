/** What other modules may use of the comments module: the comments of an asset, as the API answers them. */
export { listComments } from './operations.js';
