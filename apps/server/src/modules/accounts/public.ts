/** What other modules may use of the accounts module. */
export { acceptInvitation, accountFlags, describeInvitation, presentAccount } from './operations.js';
export { findMember } from './queries.js';
export { blockedExtensionRules } from './settings.js';
