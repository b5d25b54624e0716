/** What other modules may use of the approvals module: a new revision of an asset resets its open requests' votes. */
export { resetVotesForRevision } from './operations.js';
