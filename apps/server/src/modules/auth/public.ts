/** What other modules may use of the auth module: the sign-in rate limit and its failure records. */
export { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from './operations.js';
export {
  countRecentFailures,
  findPrimaryMembership,
  insertFailure,
  newestRecentFailure,
  oldestRecentFailure,
  withdrawNewestFailure,
} from './queries.js';
